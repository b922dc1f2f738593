/**
 * A recorded value as JavaScript source, safe wherever it is put in a file a person reads and vitest
 * runs: in code, in a string, in a `//` or `/* … *\/` comment. The one quoting function of exported
 * tests (src/testing/export-test.ts) and of what a replay shows before it runs anything.
 *
 * - Strings come out as a JSON string literal, or, when `multiline` and the text has line breaks, as
 *   a template literal that keeps those breaks readable (`\`, a backtick and `$` escaped, so `${…}`
 *   is text).
 * - Every character that would end a line (LF, CR, U+2028, U+2029, U+0085), every control (C0, DEL,
 *   C1: ESC among them) and every character a person cannot see or that reorders text (bidi
 *   overrides and isolates, zero-width characters, tags: the Trojan Source tricks) is written as a
 *   `\u` escape: the value cannot end a comment line, hide code from a reviewer, or act on a terminal.
 * - `*\/` is written `*\/`: a value cannot end a block comment; a `__proto__` key stays a key.
 */
export function sourceLiteral(value: unknown, options: { multiline?: boolean } = {}): string {
  if (typeof value === 'string' && options.multiline === true && value.includes('\n'))
    return `\`${escapeChars(value, TEMPLATE_SPECIAL, true)}\``;
  const json = JSON.stringify(value) ?? 'undefined';
  // JSON escapes `"`, `\` and C0 controls; the rest is escaped here (inside JSON, these can only be
  // in strings, where a `\u` escape means the same character). A `"__proto__":` key would set the
  // object literal's prototype in JavaScript, not a property: written as a computed key. (Inside a
  // JSON string every `"` is escaped, so `{"` or `,"` only ever starts a key.)
  return escapeChars(json, NONE, false).replace(/([{,])"__proto__":/g, '$1["__proto__"]:');
}

const NONE = /(?!)/;
const TEMPLATE_SPECIAL = /[`\\$]/;

/** Characters written as escapes in every form: controls, line ends other than a kept LF, invisible and bidi characters. */
const ESCAPED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]/u;

function escapeChars(text: string, special: RegExp, keepLineFeeds: boolean): string {
  let out = '';
  let previous = '';
  for (const char of text) {
    if (keepLineFeeds && (char === '\n' || char === '\t')) out += char;
    else if (special.test(char)) out += `\\${char}`;
    else if (ESCAPED.test(char)) out += unicodeEscape(char);
    else if (char === '/' && previous === '*') out += '\\/';
    else out += char;
    previous = char;
  }
  return out;
}

function unicodeEscape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
