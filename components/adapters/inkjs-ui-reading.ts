import type { Observation } from '../../src/index.js';
import type { Held } from '../actions/text-effect.js';
import type { Option } from '../internal/options.js';

/*
 * @inkjs/ui keeps a field's text and a list's choice to itself; what it draws says them
 * (node_modules/@inkjs/ui/build/components: use-text-input.js, select-option.js,
 * multi-select-option.js). These read it back from `Observation.text`, to check an action's effect.
 */

/**
 * What a text, email or password input holds, from what it draws: the text with the cursor (a
 * space) after it, or the placeholder (or a lone cursor) when empty; a password input draws one `*`
 * per UTF-16 unit. An email input may draw a suggested domain after the text (`completes`).
 */
export function readUiField(
  attrs: Record<string, unknown>,
  secret: boolean,
): (seen: Observation) => Held | undefined {
  const placeholder = typeof attrs.placeholder === 'string' ? attrs.placeholder : '';
  return (seen) => {
    const shown = seen.text;
    if (shown === undefined || shown.includes('\n')) return undefined;
    const value = placeholder !== '' && shown === placeholder ? '' : shown.replace(/ $/, '');
    return secret ? { count: value.length } : { text: value };
  };
}

/** What a password input counts for a text: one `*` per UTF-16 unit (`'*'.repeat(value.length)`). */
export const uiSecretCount = (text: string): number => text.length;

/** Each option line: the pointer (`figures.pointer`) before the focused one, the tick after chosen ones. */
const POINTER = /^[❯>]\s*/u;
const TICK = /\s*[✔√]$/u;

/**
 * Which options of a Select or MultiSelect are drawn, and whether each is chosen: index → chosen.
 * Only the options in view are drawn (`visibleOptionCount`).
 */
export function drawnChoices(seen: Observation, options: readonly Option<unknown>[]): Map<number, boolean> {
  const drawn = new Map<number, boolean>();
  for (const line of seen.text?.split('\n') ?? []) {
    const trimmed = line.trim().replace(POINTER, '');
    const chosen = TICK.test(trimmed);
    const label = trimmed.replace(TICK, '').trim();
    const index = options.findIndex((option, i) => option.label.trim() === label && !drawn.has(i));
    if (index !== -1) drawn.set(index, chosen);
  }
  return drawn;
}

/** The chosen option of a Select, -1 for none in view; undefined when none of its options is drawn. */
export function uiChosen(options: readonly Option<unknown>[]) {
  return (seen: Observation): number | undefined => {
    const drawn = drawnChoices(seen, options);
    if (drawn.size === 0) return undefined;
    for (const [index, chosen] of drawn) if (chosen) return index;
    return -1;
  };
}

/** Whether option `index` of a MultiSelect is chosen; undefined when it is not in view. */
export function uiIsChosen(options: readonly Option<unknown>[]) {
  return (seen: Observation, index: number): boolean | undefined => drawnChoices(seen, options).get(index);
}
