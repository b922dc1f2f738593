import { z } from 'zod';
import { checkIndex, fail, listSome } from './fail.js';

/** One choice of a Select or MultiSelect (the shape @inkjs/ui uses too). */
export interface Option<V = string> {
  label: string;
  value: V;
}

/** An option as an agent reads it. */
export interface OptionInfo {
  index: number;
  label: string;
  value: unknown;
}

/** A value as an agent can send it: JSON primitives (use the index for anything else). */
export const OPTION_VALUE = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const PICK = z.object({
  value: OPTION_VALUE.optional().describe('The value of the option (see get_options)'),
  index: z.number().int().optional().describe('The position of the option, from 0'),
});

export function infoOf(options: readonly Option<unknown>[], index: number): OptionInfo {
  const option = options[index]!;
  return { index, label: option.label, value: option.value };
}

/** Where `value` is among the options: the same value, else the same text (JSON has no other types). */
export function indexOfValue(options: readonly Option<unknown>[], value: unknown): number {
  const exact = options.findIndex((option) => Object.is(option.value, value));
  if (exact !== -1) return exact;
  return options.findIndex((option) => String(option.value) === String(value));
}

/** The index an agent means by a value, failing with the values there are. */
export function requireValue(options: readonly Option<unknown>[], value: unknown, widget: string): number {
  const index = indexOfValue(options, value);
  if (index === -1) {
    const values = options.map((option) => String(option.value));
    fail(
      `${widget} has no option with value ${JSON.stringify(value)}: ` +
        (values.length === 0 ? 'it has no options' : `the values are ${listSome(values, 20)}`),
    );
  }
  return index;
}

/** `{value}` or `{index}`, exactly one: the index it names. */
export function pickedIndex(
  options: readonly Option<unknown>[],
  args: { value?: unknown; index?: number | undefined },
  widget: string,
): number {
  const hasValue = args.value !== undefined;
  const hasIndex = args.index !== undefined;
  if (hasValue === hasIndex)
    fail(
      `give either "value" or "index" to choose an option of ${widget}, not ${hasValue ? 'both' : 'neither'}`,
    );
  return hasIndex
    ? checkIndex(args.index!, options.length, 'option')
    : requireValue(options, args.value, widget);
}

/** "Red", "Green" and 3 more: labels for a description. */
export function labelsOf(options: readonly Option<unknown>[]): string {
  return options.length === 0 ? 'no options' : listSome(options.map((option) => option.label));
}
