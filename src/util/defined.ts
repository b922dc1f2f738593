/**
 * The entries of `values` that are set: options are `exactOptionalPropertyTypes`, so an optional
 * field is left out rather than given `undefined` (`{ ...defined({ port, host }) }`).
 */
export function defined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  // A loop, not entries/filter/fromEntries: every call's answer goes through here (call-outcome.ts).
  // Own keys only, as `Object.entries` gave: `for…in` would also copy what an app added to
  // Object.prototype into every answer.
  const out: { [K in keyof T]?: Exclude<T[K], undefined> } = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    const value = values[key];
    if (value !== undefined) out[key] = value as Exclude<T[typeof key], undefined>;
  }
  return out;
}
