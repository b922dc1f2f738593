/**
 * Text cleaning for everything a provider writes into the client's tool list (DESIGN.md §3).
 * A model reads that list as instructions, so characters a human cannot see on screen (controls,
 * bidi and zero-width formats, tags, private use, lone surrogates, separators, invisible fillers)
 * must not reach it.
 */

/**
 * Line and layout whitespace that becomes one space each, so that "a\nb" reads "a b" and not "ab".
 * All of these are also in the cleaning set, which is why they are replaced before deletion.
 */
export const SPACED_RE = /[\t\n\v\f\r\u0085\u2028\u2029]/u;

/**
 * Any character of the cleaning set: the general categories Cc, Cf, Co, Cs (lone surrogates under
 * the `u` flag), Zl, Zp, and fillers that render as nothing: combining grapheme joiner, the Hangul
 * fillers, braille blank and the variation selectors (which are Mn/Lo/So, hence listed by hand).
 */
export const CLEANING_SET_RE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: combining marks (U+034F, the variation selectors) are matched alone on purpose, to delete them.
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0\u2800\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

// Global twins for `replace`; the exported ones stay non-global so `test` carries no lastIndex state.
const SPACED_ALL = new RegExp(SPACED_RE.source, 'gu');
const CLEANING_SET_ALL = new RegExp(CLEANING_SET_RE.source, 'gu');

/**
 * `s` without the cleaning set, each of TAB, LF, CR, VT, FF, U+0085, U+2028, U+2029 turned into a
 * single space. Returns `s` itself when it needs no cleaning, which is nearly always.
 */
export function cleanText(s: string): string {
  if (!CLEANING_SET_RE.test(s)) return s;
  return s.replace(SPACED_ALL, ' ').replace(CLEANING_SET_ALL, '');
}
