/**
 * How large an in-memory (or pseudo-) terminal may be, for every place a size comes in: the
 * launcher's `--columns`/`--rows`, `INK_MCP_COLUMNS`/`INK_MCP_ROWS`, and `renderMcp`'s and
 * `renderHeadless`'s `columns`/`rows`. Below the minimum Ink cannot lay out a line; above the
 * maximum one screen is megabytes, and a size that is no number reaches React as a stack trace.
 */
export const TERMINAL_SIZE = {
  columns: { min: 10, max: 1_000 },
  rows: { min: 3, max: 1_000 },
} as const;

/**
 * The size a terminal gets when none is given: the launcher's, the preload's, `renderMcp`'s and
 * `renderHeadless`'s in-memory terminal, the pseudo-terminal of a program that is not Node, and a
 * recording's cast.
 */
export const DEFAULT_TERMINAL_SIZE = { columns: 100, rows: 30 } as const;

/** What is wrong with a size as given (an integer in its range), or undefined when it fits. */
export function sizeProblem(
  name: string,
  dimension: keyof typeof TERMINAL_SIZE,
  value: unknown,
): string | undefined {
  const { min, max } = TERMINAL_SIZE[dimension];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max)
    return undefined;
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return `${name} must be an integer from ${min} to ${max}, not ${shown}`;
}
