import { CLEANING_SET_RE } from '../walker/clean-text.js';
import type { AuthorizeRequest } from './authorize-request.js';

/**
 * The longest shown argument text (`shownArgs`) a person is asked to approve, in UTF-16 code units.
 * A call whose arguments show longer is refused before anyone is asked (`tooLongToShow`): a question
 * nobody can read whole is no consent, and the bound keeps the elicitation text and the terminal
 * prompt's pages finite.
 */
export const MAX_SHOWN_ARGS = 1000;

/**
 * The characters a person cannot see or that change what they see around them: the cleaning set of
 * everything that reaches a model (src/walker/clean-text.ts: C0, DEL and C1 controls, bidi
 * embeddings, overrides, isolates and marks, zero-width characters, tags, private use, lone
 * surrogates, unassigned code points, line and paragraph separators, every
 * Default_Ignorable_Code_Point, the braille blank). One set for both audiences, so a character hidden
 * from the model is never shown raw to the person.
 */
const HIDDEN_ALL = new RegExp(CLEANING_SET_RE.source, 'gu');

/** `\u202E` for U+202E; a character beyond U+FFFF as its two UTF-16 escapes, as JSON writes it. */
function escaped(character: string): string {
  let out = '';
  for (let i = 0; i < character.length; i++) {
    out += `\\u${character.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/**
 * `text` as a person may read it: each invisible, control or format character (bidi overrides,
 * zero-width joiners, ESC, ...) written as its escape (`\u202E`), so what is shown is what runs and
 * nothing reorders, hides or acts on the person's terminal. Returns `text` itself when nothing needs
 * escaping.
 */
export function shownText(text: string): string {
  HIDDEN_ALL.lastIndex = 0;
  if (!HIDDEN_ALL.test(text)) return text;
  HIDDEN_ALL.lastIndex = 0;
  return text.replace(HIDDEN_ALL, escaped);
}

/**
 * A call's arguments as a person is shown them: JSON with every invisible, control or format
 * character escaped (`shownText`). Still JSON: `JSON.parse` of it gives back exactly `args`, and a
 * literal backslash in a value shows doubled (`\\u202E`), so an escape shown can be told from text
 * that looks like one.
 */
export function shownArgs(args: Record<string, unknown>): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    json = undefined; // a cycle or a BigInt: not from an MCP client, whose arguments are JSON
  }
  return json === undefined ? '(arguments that cannot be shown)' : shownText(json);
}

/**
 * How long the arguments of `request` show and the most that may be, when they show longer than
 * `MAX_SHOWN_ARGS`; undefined when they can be shown whole. Measured on the request as it would be
 * shown (a sensitive call's values already redacted).
 */
export function tooLongToShow(request: AuthorizeRequest): { length: number; max: number } | undefined {
  const { length } = shownArgs(request.args);
  return length > MAX_SHOWN_ARGS ? { length, max: MAX_SHOWN_ARGS } : undefined;
}

/** `shownText` line by line: the line breaks (LF) kept, every other hidden character escaped. */
export function shownLines(text: string): string {
  return text.split('\n').map(shownText).join('\n');
}
