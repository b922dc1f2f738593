/**
 * The size limits of an action spec: one place, read by the cleaner that enforces them and by the
 * wording that names them (src/walker/describe-refusal.ts), so the two never disagree.
 */

/** Containers (objects and arrays) nested deeper than this are refused; the inputSchema is level 1. */
export const MAX_DEPTH = 32;
/** More values than this are refused: each object, array and leaf counts one, keys do not. */
export const MAX_VALUES = 10_000;
/** A description longer than this (UTF-16 code units, before cleaning) is refused. */
export const MAX_DESCRIPTION_LENGTH = 10_000;
/** Any string or key in an inputSchema longer than this (UTF-16 code units, before cleaning) is refused. */
export const MAX_SCHEMA_STRING_LENGTH = 2_000;

/** A count as the wording shows it: 10,000. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
