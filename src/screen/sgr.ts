/**
 * The styles a terminal gives text, read from ANSI SGR sequences (`ESC [ … m`): what Ink (through
 * chalk) writes for `color`, `backgroundColor`, `bold`, `dimColor`, `italic`, `underline`,
 * `strikethrough` and `inverse`, and what an app writes itself. ECMA-48 / ITU T.416 codes, in both
 * the `;` and the `:` forms of the extended colours.
 */

/**
 * A colour as the app asked for it: one of the 16 palette names (chalk's, as Ink props spell them:
 * `green`, `greenBright`, `gray`) or `#rrggbb` for a 256-palette or 24-bit colour.
 */
export type Colour = string;

/** The style of a run of text; an absent key is the terminal's default. */
export interface Style {
  readonly fg?: Colour;
  readonly bg?: Colour;
  readonly bold?: true;
  readonly dim?: true;
  readonly italic?: true;
  readonly underline?: true;
  readonly strikethrough?: true;
  readonly inverse?: true;
  readonly hidden?: true;
}

export type Flag = 'bold' | 'dim' | 'italic' | 'underline' | 'strikethrough' | 'inverse' | 'hidden';

/** The flags in the order the styled form names them. */
export const FLAGS: readonly Flag[] = [
  'bold',
  'dim',
  'italic',
  'underline',
  'strikethrough',
  'inverse',
  'hidden',
];

export const PLAIN: Style = Object.freeze({});

/** SGR 30–37 / 90–97 (and 40–47 / 100–107), as chalk names them. */
const PALETTE = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
] as const;

/** The 256-colour palette's entry `n` (0–255): a name for the first 16, `#rrggbb` for the rest. */
export function paletteColour(n: number): Colour | undefined {
  if (!Number.isInteger(n) || n < 0 || n > 255) return undefined;
  if (n < 16) return PALETTE[n];
  if (n >= 232) {
    const v = 8 + 10 * (n - 232);
    return hex(v, v, v);
  }
  // The 6 × 6 × 6 cube of xterm's palette.
  const level = (i: number) => (i === 0 ? 0 : 55 + 40 * i);
  const i = n - 16;
  return hex(level(Math.floor(i / 36)), level(Math.floor(i / 6) % 6), level(i % 6));
}

function hex(r: number, g: number, b: number): Colour | undefined {
  if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) return undefined;
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** `style` after one SGR sequence whose parameters are `params` (the text between `ESC [` and `m`). */
export function applySgr(style: Style, params: string): Style {
  const next: { -readonly [K in keyof Style]: Style[K] } = { ...style };
  const list = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < list.length; i++) {
    const param = list[i] as string;
    const parts = param.split(':');
    const code = parts[0] === '' ? 0 : Number(parts[0]);
    if (code === 38 || code === 48) {
      // `38:5:n` / `38:2:[space]:r:g:b` in one parameter, or `38;5;n` / `38;2;r;g;b` over several.
      let colour: Colour | undefined;
      if (parts.length > 1) {
        const [, kind, ...rest] = parts.map(Number);
        colour =
          kind === 5
            ? paletteColour(rest[0] as number)
            : kind === 2
              ? hex(...(rest.slice(-3) as [number, number, number]))
              : undefined;
      } else {
        const kind = Number(list[i + 1]);
        if (kind === 5) {
          colour = paletteColour(Number(list[i + 2]));
          i += 2;
        } else if (kind === 2) {
          colour = hex(Number(list[i + 2]), Number(list[i + 3]), Number(list[i + 4]));
          i += 4;
        } else i = list.length;
      }
      if (colour !== undefined) next[code === 38 ? 'fg' : 'bg'] = colour;
      continue;
    }
    applyCode(next, code, parts[1]);
  }
  return normalise(next);
}

function applyCode(
  s: { -readonly [K in keyof Style]: Style[K] },
  code: number,
  sub: string | undefined,
): void {
  if (code === 0) {
    for (const key of Object.keys(s) as (keyof Style)[]) delete s[key];
  } else if (code === 1) s.bold = true;
  else if (code === 2) s.dim = true;
  else if (code === 3) s.italic = true;
  else if (code === 4) {
    if (sub === '0') delete s.underline;
    else s.underline = true;
  } else if (code === 7) s.inverse = true;
  else if (code === 8) s.hidden = true;
  else if (code === 9) s.strikethrough = true;
  else if (code === 21) s.underline = true;
  else if (code === 22) {
    delete s.bold;
    delete s.dim;
  } else if (code === 23) delete s.italic;
  else if (code === 24) delete s.underline;
  else if (code === 27) delete s.inverse;
  else if (code === 28) delete s.hidden;
  else if (code === 29) delete s.strikethrough;
  else if (code >= 30 && code <= 37) s.fg = PALETTE[code - 30];
  else if (code === 39) delete s.fg;
  else if (code >= 40 && code <= 47) s.bg = PALETTE[code - 40];
  else if (code === 49) delete s.bg;
  else if (code >= 90 && code <= 97) s.fg = PALETTE[code - 90 + 8];
  else if (code >= 100 && code <= 107) s.bg = PALETTE[code - 100 + 8];
  // Anything else (blink, fonts, overline, …) changes nothing a model is told about.
}

/** The plain style object itself when nothing is set, so that styles compare by `styleKey`. */
function normalise(style: Style): Style {
  return Object.keys(style).length === 0 ? PLAIN : style;
}

/** A key equal for equal styles. */
export function styleKey(style: Style): string {
  if (style === PLAIN) return '';
  return [style.fg ?? '', style.bg ?? '', ...FLAGS.map((flag) => (style[flag] ? '1' : ''))].join('|');
}

/** Whether spaces in this style look different from plain spaces (a background, a line, inverse). */
export function showsOnSpace(style: Style): boolean {
  return (
    style.bg !== undefined ||
    style.inverse === true ||
    style.underline === true ||
    style.strikethrough === true
  );
}

/**
 * The SGR sequence that sets `style` from the terminal's default (`ESC [ 0 ; … m`): how a watcher's
 * terminal draws the styled screen again. Only the codes `applySgr` reads, so drawing and reading
 * agree; a colour that is neither a palette name nor `#rrggbb` is left out.
 */
export function sgrOf(style: Style): string {
  const codes: (number | string)[] = [0];
  const flagCodes: Record<Flag, number> = {
    bold: 1,
    dim: 2,
    italic: 3,
    underline: 4,
    inverse: 7,
    hidden: 8,
    strikethrough: 9,
  };
  for (const flag of FLAGS) if (style[flag]) codes.push(flagCodes[flag]);
  const colour = (value: Colour | undefined, base: number, bright: number, extended: number) => {
    if (value === undefined) return;
    const index = (PALETTE as readonly string[]).indexOf(value);
    if (index >= 0) codes.push(index < 8 ? base + index : bright + index - 8);
    else if (/^#[0-9a-f]{6}$/i.test(value)) {
      const n = Number.parseInt(value.slice(1), 16);
      codes.push(`${extended};2;${(n >> 16) & 255};${(n >> 8) & 255};${n & 255}`);
    }
  };
  colour(style.fg, 30, 90, 38);
  colour(style.bg, 40, 100, 48);
  return `\u001b[${codes.join(';')}m`;
}
