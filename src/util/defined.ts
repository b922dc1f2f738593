/**
 * The entries of `values` that are set: options are `exactOptionalPropertyTypes`, so an optional
 * field is left out rather than given `undefined` (`{ ...defined({ port, host }) }`).
 */
export function defined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
