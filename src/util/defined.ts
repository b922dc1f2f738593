/**
 * The entries of `values` that are set: options are `exactOptionalPropertyTypes`, so an optional
 * field is left out rather than given `undefined` (`{ ...defined({ port, host }) }`).
 */
export function defined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  // A loop, not entries/filter/fromEntries: every call's answer goes through here (call-outcome.ts).
  const out: { [K in keyof T]?: Exclude<T[K], undefined> } = {};
  for (const key in values) {
    const value = values[key];
    if (value !== undefined) out[key] = value as Exclude<T[typeof key], undefined>;
  }
  return out;
}
