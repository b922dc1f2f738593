/**
 * Text cleaning for everything that reaches a model: the tool list a provider writes (descriptions,
 * every string and key of a schema) and the screen an agent reads. A model reads both as
 * instructions, so characters a human cannot see (controls, bidi and zero-width formats, tags,
 * private use, lone surrogates, separators, invisible fillers, unassigned code points) and terminal
 * escape sequences must not reach it. See docs/text-rules.md.
 */

/**
 * Line and layout whitespace that becomes one space each, so that "a\nb" reads "a b" and not "ab".
 * All of these are also in the cleaning set, which is why they are replaced before deletion.
 */
export const SPACED_RE = /[\t\n\v\f\r\u0085\u2028\u2029]/u;

/**
 * Any character of the cleaning set: the general categories Cc, Cf, Co, Cs (lone surrogates under
 * the `u` flag), Cn (unassigned), Zl, Zp, every Default_Ignorable_Code_Point (variation selectors,
 * combining grapheme joiner, Hangul fillers, Mongolian free variation selectors, U+17B4/U+17B5, the
 * unassigned parts of U+2060–U+206F, U+FFF0–U+FFF8 and U+E0000–U+E0FFF, ...), and the braille
 * blank U+2800, which renders as nothing but is an ordinary symbol (So).
 *
 * `\p{Cn}` is evaluated against the Unicode version of the running engine (Node's ICU:
 * `process.versions.unicode`), so a character assigned in a newer Unicode than the running Node
 * knows (a brand-new emoji, say) is removed as unassigned. That errs on the side of showing less.
 */
export const CLEANING_SET_RE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * What an agent's text may not carry to the app (and so to the person's screen): characters a person
 * cannot see that change how text reads or compares — bidi overrides, embeddings, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C), zero-width spaces and joiners other than
 * ZWJ, word joiners, BOMs, tag characters (ASCII smuggling), invisible fillers, line and paragraph
 * separators. Kept: ZWJ (U+200D) and the emoji variation selectors U+FE0E/U+FE0F, which only shape
 * emoji (👩‍💻, ❤️) and reorder nothing; private-use and unassigned code points, which are visible.
 * The cleaning set's subset for text an agent sends (src/registry/control-characters.ts asks it).
 */
export const HIDDEN_IN_INPUT_RE =
  /(?![\u200D\uFE0E\uFE0F])[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

// Global twins for `replace`; the exported ones stay non-global so `test` carries no lastIndex state.
const SPACED_ALL = new RegExp(SPACED_RE.source, 'gu');
const CLEANING_SET_ALL = new RegExp(CLEANING_SET_RE.source, 'gu');

/**
 * `s` without the cleaning set, each of TAB, LF, CR, VT, FF, U+0085, U+2028, U+2029 turned into a
 * single space. Returns `s` itself when it needs no cleaning, which is nearly always. The one
 * character cleaner: tool lists, resources and screens all go through it.
 */
export function cleanText(s: string): string {
  if (!CLEANING_SET_RE.test(s)) return s;
  return s.replace(SPACED_ALL, ' ').replace(CLEANING_SET_ALL, '');
}

/*
 * Terminal escape sequences (ECMA-48), in their 7-bit (ESC x) and 8-bit (C1) introducers:
 * - control strings: OSC (ESC ] / U+009D), DCS (ESC P / U+0090), SOS (ESC X / U+0098),
 *   PM (ESC ^ / U+009E), APC (ESC _ / U+009F). Their payload runs to BEL, ST (ESC \ / U+009C),
 *   CAN or SUB; a following ESC starts the next sequence; an unterminated one runs to the end, as a
 *   terminal swallows it. OSC 8 hyperlinks and OSC 52 clipboard writes are OSC strings.
 * - CSI (ESC [ / U+009B): parameter bytes, intermediate bytes, one final byte.
 * - every other escape: ESC, intermediate bytes, one final byte (ESC ( B, ESC 7, ESC c, ...).
 * node:util `stripVTControlCharacters` misses, on Node 20 and 22, OSC payloads with spaces
 * (`ESC ] 0 ; my title BEL` leaves "my title"; Node 24 removes them), and DCS/SOS/PM/APC strings
 * and most two-character escapes, hence this pattern.
 * Whatever is left over (a lone ESC, a C1 control) is in the cleaning set. Exported for the one
 * reader of the styles among them (src/screen/styled-text.ts), which must split text exactly here.
 */
export const ESCAPE_RE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escapes is the point.
  /(?:\u001B[\]PX^_]|[\u0090\u0098\u009D\u009E\u009F])[\s\S]*?(?:\u0007|\u001B\\|\u009C|\u0018|\u001A|(?=\u001B)|$)|(?:\u001B\[|\u009B)[0-?]*[ -/]*[@-~]?|\u001B[ -/]*[0-~]?/;
const ESCAPE_ALL = new RegExp(ESCAPE_RE.source, 'g');

/** `text` without any terminal escape sequence. The one escape stripper of ink-mcp. */
export function stripEscapes(text: string): string {
  return text.replace(ESCAPE_ALL, '');
}

/** Select Graphic Rendition (colours, bold, …): the one kind of escape a recorded screen keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escapes is the point.
const SGR_RE = /^\u001B\[[0-9;:]*m$/;

/**
 * A styled screen as it may be replayed on someone's terminal (a recording's cast): its colours and
 * styles kept (SGR), every other escape sequence removed — OSC 52 clipboard writes, window titles,
 * OSC 8 links, cursor moves, device queries — and each line cleaned like tool-list text, line breaks
 * kept. What an app drew cannot act on the terminal of whoever plays the recording.
 */
export function keepOnlyStyles(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      let out = '';
      let at = 0;
      for (const match of line.matchAll(ESCAPE_ALL)) {
        out += cleanText(line.slice(at, match.index));
        if (SGR_RE.test(match[0])) out += match[0];
        at = match.index + match[0].length;
      }
      return out + cleanText(line.slice(at));
    })
    .join('\n');
}

/**
 * One line of text an app wrote (an option's label, an error's message, a description built from
 * them) as a model may read it: escape sequences removed whole (`ESC[90m` goes, not only the ESC,
 * which would leave "[90m"), then `cleanText`. Returns `text` itself when it needs no cleaning.
 */
export function cleanAppLine(text: string): string {
  if (!CLEANING_SET_RE.test(text)) return text;
  return cleanText(stripEscapes(text));
}

/**
 * A value an app gave (a field's text, a label in a result) as a model may read it: as
 * `cleanAppLine`, with its line breaks kept (CR LF becomes LF), since a multi-line value is one.
 */
export function cleanAppText(text: string): string {
  if (!CLEANING_SET_RE.test(text)) return text;
  return stripEscapes(text).split(/\r?\n/).map(cleanText).join('\n');
}

/** A `JSON.stringify` replacer that cleans every string value with `cleanAppText`. */
export function cleanStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? cleanAppText(value) : value;
}

/**
 * A screen as it may reach a model: escape sequences removed, then each line cleaned like tool-list
 * text (TAB, a lone CR, VT, FF, U+0085, U+2028, U+2029 become spaces, the invisible characters go),
 * line breaks kept (CR LF becomes LF) and trailing blanks trimmed per line.
 */
export function cleanScreenText(text: string): string {
  // Nearly every screen is clean already (Ink's output with its styling stripped): two scans say so,
  // where the full path copies every line three times.
  if ((!NOT_PLAIN_ASCII_RE.test(text) || !SCREEN_DIRTY_RE.test(text)) && !TRAILING_BLANK_RE.test(text))
    return text;
  return stripEscapes(text)
    .split(/\r?\n/)
    .map((line) => cleanText(line).trimEnd())
    .join('\n');
}

/**
 * A character `cleanScreenText` would change, LF aside: the cleaning set holds every escape
 * introducer (ESC and the C1 controls are Cc) and CR, TAB and the other spaced characters.
 */
const SCREEN_DIRTY_RE = new RegExp(`(?!\\n)${CLEANING_SET_RE.source}`, 'u');

/**
 * Anything but printable ASCII and LF: a screen of only those holds nothing of the cleaning set,
 * which this small pattern says without the Unicode property tables of `SCREEN_DIRTY_RE`.
 */
const NOT_PLAIN_ASCII_RE = /[^\x20-\x7e\n]/;

/** Whitespace `trimEnd` would take from a line: at the end of a line or of the text. */
const TRAILING_BLANK_RE = /[^\S\n](?:\n|$)/;
