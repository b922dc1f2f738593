import { ActionError } from '../../src/index.js';

/**
 * What a widget action throws when its input cannot apply: the call layer answers it as an error the
 * agent reads, so it says what was asked and what is allowed. Never put a secret in `message`.
 */
export function fail(message: string): never {
  throw new WidgetError(message);
}

/**
 * An error a widget action raised itself (its text is ours, never the app's or a secret). An
 * ActionError: the agent's input was wrong, which never counts toward the tool's circuit breaker.
 */
export class WidgetError extends ActionError {
  override name = 'WidgetError';
}

/** `"label"`, or the widget id when there is no label, for descriptions and messages. */
export function nameOf(label: unknown, id: unknown, kind: string): string {
  if (typeof label === 'string' && label.trim() !== '') return `the ${kind} ${JSON.stringify(label.trim())}`;
  return typeof id === 'string' ? `the ${kind} "${id}"` : `the ${kind}`;
}

/**
 * A short list for a description: the first few items, quoted, then how many more. Quoted by hand,
 * not as JSON: JSON writes an app's own escape codes (a label dimmed with ESC[90m) as `\u001b[90m`,
 * which no cleaning can tell from text; left raw, the one text rule removes them whole where the
 * description or message reaches the agent.
 */
export function listSome(items: readonly string[], max = 8): string {
  const shown = items.slice(0, max).map(quoted);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function quoted(item: string): string {
  return `"${item.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** Valid indexes as words: "0 to 4", or that there are none. */
export function indexRange(length: number, what: string): string {
  return length === 0 ? `there are no ${what}` : `valid indexes are 0 to ${length - 1}`;
}

/** Checks an index an agent sent against a list's length; fails with the allowed range. */
export function checkIndex(index: number, length: number, what: string): number {
  if (!Number.isInteger(index) || index < 0 || index >= length) {
    fail(`no ${what} at index ${index}: ${indexRange(length, `${what}s`)}`);
  }
  return index;
}
