import type { CallInfo, Observation } from '../../src/index.js';
import { noEffect, observe, PARENT_IGNORED } from './effect.js';

/** What a state change is checked by, and words for the answer when it is not seen. */
export interface StateCheck {
  /** Whether the widget, as observed after the call, holds the state asked for; undefined: cannot tell. */
  holds(seen: Observation): boolean | undefined;
  /** What the action did: `passed "checked" to the onChange of the checkbox "Dark mode"`. */
  did: string;
  /** What the widget shows instead: `it is still unchecked`. */
  shows(seen: Observation): string;
}

/**
 * Sets a widget's state through its controller (`act`: the parent's handler, when the parent owns
 * the state), then answers done only when the widget holds it; otherwise `no_effect`.
 */
export async function stateChecked(
  call: CallInfo,
  act: () => void | Promise<void>,
  check: StateCheck,
): Promise<undefined> {
  await act();
  const seen = observe(call);
  if (!seen) return undefined;
  const after = await seen;
  if (after.node === undefined || check.holds(after) !== false) return undefined;
  return noEffect(`${check.did}, but ${check.shows(after)}`, PARENT_IGNORED);
}
