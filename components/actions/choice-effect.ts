import type { CallInfo, Observation } from '../../src/index.js';
import { KEYS_LOST, noEffect, observe, PARENT_IGNORED, quote } from '../internal/effect.js';
import type { Option } from '../internal/options.js';

/** How a single-choice widget's `select` sees its effect. */
export interface ChoiceCheck {
  /** The widget is driven by keys typed into the app; else through its props (its app's onChange). */
  byKeys: boolean;
  /** The chosen option's index as observed, -1 for none; undefined when it cannot tell. */
  chosen(seen: Observation): number | undefined;
}

/**
 * Chooses option `index` (`act`), then answers done only when it is the chosen one; otherwise a
 * `no_effect` saying what was done and what is chosen. A note when the widget left the screen.
 */
export async function selectChecked(
  widget: string,
  options: readonly Option<unknown>[],
  index: number,
  check: ChoiceCheck,
  call: CallInfo,
  act: () => void | Promise<void>,
): Promise<string | undefined> {
  await act();
  const seen = observe(call);
  if (!seen) return undefined;
  const after = await seen;
  const label = quote(options[index]!.label);
  const did = check.byKeys
    ? `moved to ${label} in ${widget} and pressed Enter`
    : `passed ${label} to the onChange of ${widget}`;
  if (after.node === undefined) return `${did}; then it left the screen, so the choice could not be checked.`;
  const now = check.chosen(after);
  if (now === undefined || now === index) return undefined;
  const other = options[now];
  return noEffect(
    `${did}, but ${label} is not chosen${other === undefined ? '' : `: ${quote(other.label)} is`}`,
    check.byKeys ? KEYS_LOST : PARENT_IGNORED,
  );
}
