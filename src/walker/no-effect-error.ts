const BRAND = Symbol.for('ink-mcp/no-effect-error@1');

/**
 * What an action throws when it did what it does (sent its keys, called the app's handler) and the
 * effect it is for is not there once React settled: the field still shows the old text, nothing
 * changed after Enter. The agent gets `no_effect`, which says the call was applied (so it is not
 * repeated blindly), what happened and what to try. Like an `ActionError`, it never counts toward
 * the tool's circuit breaker: the tool worked, the app did not respond as asked.
 */
export class NoEffectError extends Error {
  override name = 'NoEffectError';
  readonly [BRAND] = true;
  /** What to try instead, for a model: `read the screen, then …`. */
  readonly hint: string;

  /**
   * @param happened What the action did and what it saw, for a model and without a secret in it:
   *   `typed 5 characters into the text input "name", but it still shows ""`.
   * @param hint What to try instead.
   */
  constructor(happened: string, hint: string) {
    super(happened);
    this.hint = hint;
  }
}

/** Recognised by brand, not `instanceof`, so two copies of ink-mcp in one app still agree. */
export function isNoEffectError(x: unknown): x is NoEffectError {
  return typeof x === 'object' && x !== null && (x as { [BRAND]?: unknown })[BRAND] === true;
}
