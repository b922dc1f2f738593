import type { CallInfo, Observation } from '../../src/index.js';
import { KEYS_LOST, noEffect, observe, PARENT_IGNORED, quote } from '../internal/effect.js';
import type { Option } from '../internal/options.js';

/** How a multiple-choice widget's actions see their effect. */
export interface MultiChoiceCheck {
  /** The widget is driven by keys typed into the app; else through its props (its app's onChange). */
  byKeys: boolean;
  /** Whether option `index` is chosen, as observed; undefined when it cannot tell (not in view). */
  isChosen(seen: Observation, index: number): boolean | undefined;
}

/**
 * Toggles option `index` (`act`), then answers done only when its state flipped; otherwise a
 * `no_effect`. When its state could not be seen before (out of view), nothing can be compared.
 */
export async function toggleChecked(
  widget: string,
  options: readonly Option<unknown>[],
  index: number,
  check: MultiChoiceCheck,
  call: CallInfo,
  act: () => void | Promise<void>,
): Promise<string | undefined> {
  const first = observe(call);
  if (!first) {
    await act();
    return undefined;
  }
  const before = check.isChosen(await first, index);
  await act();
  const after = await observe(call)!;
  const label = quote(options[index]!.label);
  const did = check.byKeys
    ? `moved to ${label} in ${widget} and pressed Space`
    : `passed the choice with ${label} ${before ? 'taken out' : 'added'} to the onChange of ${widget}`;
  if (after.node === undefined) return `${did}; then it left the screen, so the choice could not be checked.`;
  const now = check.isChosen(after, index);
  if (before === undefined || now === undefined || now !== before) return undefined;
  return noEffect(
    `${did}, but it is still ${now ? 'chosen' : 'not chosen'}`,
    check.byKeys ? KEYS_LOST : PARENT_IGNORED,
  );
}

/**
 * Sets exactly `indexes` as chosen (`act`, through props), then answers done only when they are:
 * otherwise a `no_effect` naming what is chosen.
 */
export async function setChecked(
  widget: string,
  options: readonly Option<unknown>[],
  indexes: readonly number[],
  check: MultiChoiceCheck,
  call: CallInfo,
  act: () => void | Promise<void>,
): Promise<string | undefined> {
  await act();
  const seen = observe(call);
  if (!seen) return undefined;
  const after = await seen;
  if (after.node === undefined) return undefined;
  const states = options.map((_, index) => check.isChosen(after, index));
  if (states.some((state) => state === undefined)) return undefined;
  const chosen = options.flatMap((_, index) => (states[index] ? [index] : []));
  if (chosen.length === indexes.length && chosen.every((index, i) => index === indexes[i])) return undefined;
  const labels = (list: readonly number[]) =>
    list.length === 0 ? 'none' : list.map((index) => quote(options[index]!.label)).join(', ');
  return noEffect(
    `passed the choice ${labels(indexes)} to the onChange of ${widget}, but the chosen are ${labels(chosen)}`,
    PARENT_IGNORED,
  );
}
