/**
 * Key names a person would use (`enter`, `shift+tab`, `ctrl+c`, `f5`, `a`) → the bytes a terminal
 * sends for that key, which Ink's `parseKeypress` (ink/build/parse-keypress.js, the same table in
 * Ink 6 and 8) turns back into the `key` flags `useInput` handlers read.
 */

const ESC = '\u001B';

/** Named keys. `backspace` is DEL (0x7f), what a terminal's Backspace key sends (Ink reports it as `key.delete` in Ink 6, `key.backspace` in Ink 7+); `ctrl+h` sends 0x08. */
const NAMED: Readonly<Record<string, string>> = {
  enter: '\r',
  tab: '\t',
  'shift+tab': `${ESC}[Z`,
  escape: ESC,
  backspace: '\u007F',
  delete: `${ESC}[3~`,
  space: ' ',
  up: `${ESC}[A`,
  down: `${ESC}[B`,
  right: `${ESC}[C`,
  left: `${ESC}[D`,
  home: `${ESC}[H`,
  end: `${ESC}[F`,
  pageup: `${ESC}[5~`,
  pagedown: `${ESC}[6~`,
  f1: `${ESC}OP`,
  f2: `${ESC}OQ`,
  f3: `${ESC}OR`,
  f4: `${ESC}OS`,
  f5: `${ESC}[15~`,
  f6: `${ESC}[17~`,
  f7: `${ESC}[18~`,
  f8: `${ESC}[19~`,
  f9: `${ESC}[20~`,
  f10: `${ESC}[21~`,
  f11: `${ESC}[23~`,
  f12: `${ESC}[24~`,
};

/** Other spellings models and people use for the same keys. */
const ALIASES: Readonly<Record<string, string>> = {
  return: 'enter',
  esc: 'escape',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
};

/** What a refusal lists: the names, then the patterns. */
export const VALID_KEY_NAMES: readonly string[] = [
  ...Object.keys(NAMED),
  'ctrl+<letter>',
  'meta+<key>',
  'a single character (e.g. "a", "A", "7", "/")',
];

/** The bytes of one key, or undefined for a name that is no key. */
export function keySequence(name: string): string | undefined {
  if (isSingleCharacter(name)) return isPrintable(name) ? name : undefined;
  const lower = name.toLowerCase().replaceAll(' ', '');
  const named = NAMED[ALIASES[lower] ?? lower];
  if (named !== undefined) return named;
  const ctrl = /^(?:ctrl|control)\+([a-z])$/.exec(lower);
  if (ctrl) return String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96);
  const meta = /^(?:meta|alt|option)\+(.+)$/i.exec(name);
  if (meta) {
    // Meta is ESC before the key, as terminals send it: parseKeypress reads `ESC x` as meta+x and
    // `ESC ESC [A` as option+up, which useInput reports as `key.meta`.
    const inner = keySequence(meta[1]!);
    return inner === undefined ? undefined : ESC + inner;
  }
  return undefined;
}

export type KeysResult = { ok: true; sequences: string[] } | { ok: false; unknown: string[] };

/** Every name's bytes, or every name that is no key (nothing is pressed then). */
export function keySequences(names: readonly string[]): KeysResult {
  const sequences: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const sequence = keySequence(name);
    if (sequence === undefined) unknown.push(name);
    else sequences.push(sequence);
  }
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, sequences };
}

/** The keys a person types for `text`: one per character (a grapheme), Enter for a line break. */
export function typedKeys(text: string): string[] {
  const keys: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    keys.push(segment === '\n' || segment === '\r\n' ? '\r' : segment);
  }
  return keys;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function isSingleCharacter(name: string): boolean {
  const first = graphemes.segment(name)[Symbol.iterator]().next();
  return !first.done && first.value.segment === name;
}

/** A visible character (or a space): controls are pressed by name. */
function isPrintable(char: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing controls is the point.
  return !/[\u0000-\u001F\u007F-\u009F]/.test(char);
}
