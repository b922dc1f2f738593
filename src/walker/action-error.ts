const BRAND = Symbol.for('ink-mcp/action-error@1');

/**
 * What an action throws when its input cannot apply (an index out of range, an unknown option): the
 * agent gets the message as an error to act on, and — unlike a crash — it never counts toward the
 * tool's circuit breaker. Write the message for a model: what was asked, what is allowed.
 */
export class ActionError extends Error {
  override name = 'ActionError';
  readonly [BRAND] = true;
}

/** Recognised by brand, not `instanceof`, so two copies of ink-mcp in one app still agree. */
export function isActionError(x: unknown): x is ActionError {
  return typeof x === 'object' && x !== null && (x as { [BRAND]?: unknown })[BRAND] === true;
}
