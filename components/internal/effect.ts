import { type CallInfo, NoEffectError, type Observation } from '../../src/index.js';

/*
 * An action answers done only when its effect is seen: after it ran, React settled and the widget
 * is read again (`CallInfo.observe`). What it did and what it saw go to the agent as `no_effect`.
 */

/** The widget as it is now, once React settled; undefined when the session cannot tell (nothing is checked then). */
export function observe(call: CallInfo): Promise<Observation> | undefined {
  return call.observe?.();
}

/** The action was applied and its effect is not there: says what happened and what to try. */
export function noEffect(happened: string, hint: string): never {
  throw new NoEffectError(happened, hint);
}

/**
 * Whether anything an agent could notice differs between two readings: the widget came or went,
 * its props (as data: handlers are made anew by each render) or its text, the screen, the focus.
 * True when the app cannot be seen at all (no screen, no text): then nothing is claimed.
 */
export function sawChange(before: Observation, after: Observation): boolean {
  if (before.screen === undefined || after.screen === undefined) return true;
  if ((before.node === undefined) !== (after.node === undefined)) return true;
  if (before.text !== after.text || before.screen !== after.screen || before.focus !== after.focus)
    return true;
  return dataOf(before.node) !== dataOf(after.node);
}

function dataOf(node: Observation['node']): string | undefined {
  try {
    return JSON.stringify(node?.attrs);
  } catch {
    return undefined; // not JSON (a cycle): not compared
  }
}

/** Text shown to an agent in a message: quoted, and cut when long. */
export function quote(text: string, max = 80): string {
  const chars = [...text];
  return JSON.stringify(chars.length > max ? `${chars.slice(0, max).join('')}…` : text);
}

/** What to try when an action's keys seem to have gone nowhere. */
export const KEYS_LOST =
  'The keys may not have reached it, or the app ignored them: read the screen; if the app listens ' +
  'only while some widget has focus, focus it first (focus.list, focus.set), then call again';

/** What to try when a parent that owns a widget's state did not take a change made through its props. */
export const PARENT_IGNORED =
  "The app did not take it: this state is kept by the widget's parent, whose handler ignored it " +
  '(it may allow it only in some state). Read the screen before trying again';
