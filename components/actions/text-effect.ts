import type { CallInfo, Observation } from '../../src/index.js';
import { KEYS_LOST, noEffect, observe, quote } from '../internal/effect.js';

/** What a text field holds, as read after a call: its text, or for a secret drawn masked only how many characters. */
export type Held = { text: string } | { count: number };

/** How a text field's actions see their effect. */
export interface TextCheck {
  /** The field is driven by keys typed into the app; else through its props (its app's handlers). */
  byKeys: boolean;
  /** What the field holds, read from the widget as observed; undefined when it cannot tell. */
  read?(seen: Observation): Held | undefined;
  /** How many characters a masked field counts for a text. @default its code points */
  count?(text: string): number;
  /** The field draws a completion after what was typed (an email input's domain): a longer text still holds it. */
  completes?: boolean;
}

export type TextChange =
  | { kind: 'replace'; text: string }
  | { kind: 'append'; text: string }
  | { kind: 'clear' };

/**
 * Makes a change (`act`), then answers done only when the field holds what was asked: otherwise a
 * `no_effect` saying what was done and what the field shows. Answers a note (not done) when the
 * field left the screen, since its text could not be checked then.
 */
export async function changeChecked(
  field: string,
  secret: boolean,
  check: TextCheck,
  change: TextChange,
  call: CallInfo,
  act: () => void | Promise<void>,
): Promise<string | undefined> {
  const read = check.read;
  const first = read ? observe(call) : undefined;
  if (!read || !first) {
    await act();
    return undefined;
  }
  const before = read(await first);
  await act();
  const seen = await observe(call)!;
  if (seen.node === undefined)
    return `${capitalise(did(field, secret, check, change))}; then the field left the screen, so its text could not be checked.`;
  const after = read(seen);
  const asked =
    change.kind === 'clear' ? '' : change.kind === 'replace' ? change.text : appended(before, change.text);
  if (after === undefined || asked === undefined || holds(after, asked, check)) return undefined;
  const still = before !== undefined && sameHeld(before, after);
  const shown = still
    ? `it still ${shows(after, secret)}`
    : `it ${shows(after, secret)}, not ${secret ? `the ${countOf(asked, check)} sent` : quote(asked)}`;
  const hint = still
    ? check.byKeys
      ? KEYS_LOST
      : "The app did not take it: the field's text is kept by its parent, whose onChange ignored it (it may take text only in some state, such as after another step, or not this text). Read the screen for what the app expects before trying again"
    : check.byKeys
      ? 'The app changed what was typed (it may filter or limit the text, or another input took some of the keys): read the screen before trying again'
      : 'The app changed the text it was given (it may filter or limit it): read the screen before trying again';
  return noEffect(`${did(field, secret, check, change)}, but ${shown}`, hint);
}

/** What the action did, for a model (never the secret itself). */
function did(field: string, secret: boolean, check: TextCheck, change: TextChange): string {
  const n = change.kind === 'clear' ? 0 : [...change.text].length;
  const characters = `${n} character${n === 1 ? '' : 's'}`;
  if (check.byKeys) {
    if (change.kind === 'append') return `typed ${characters} at the end of ${field}`;
    return n === 0 ? `erased ${field}` : `erased ${field} and typed ${characters} into it`;
  }
  const onChange = `the onChange of ${field}`;
  if (change.kind === 'clear' || n === 0) return `passed an empty text to ${onChange}`;
  if (change.kind === 'append') return `passed its text with ${quote(change.text)} added to ${onChange}`;
  return `passed ${secret ? `a secret of ${characters}` : quote(change.text)} to ${onChange}`;
}

function appended(before: Held | undefined, text: string): string | undefined {
  return before !== undefined && 'text' in before ? before.text + text : undefined;
}

function holds(held: Held, asked: string, check: TextCheck): boolean {
  if ('count' in held) return held.count === countOf(asked, check);
  if (held.text === asked) return true;
  return check.completes === true && asked !== '' && held.text.startsWith(asked);
}

function countOf(text: string, check: TextCheck): number {
  return check.count ? check.count(text) : [...text].length;
}

function sameHeld(a: Held, b: Held): boolean {
  return 'text' in a && 'text' in b ? a.text === b.text : 'count' in a && 'count' in b && a.count === b.count;
}

/** What the field shows, in words; a secret only by its length. */
export function shows(held: Held, secret: boolean): string {
  const count = 'count' in held ? held.count : secret ? [...held.text].length : undefined;
  if (count === undefined) return `shows ${quote((held as { text: string }).text)}`;
  return `holds ${count} character${count === 1 ? '' : 's'}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
