const GONE: unique symbol = Symbol('gone');

/**
 * A `Map` from tool names for tables of thousands of names that come and go on every commit (a
 * toggle renaming its action, a list adding a row). On Node 20, V8's `Map` makes adding a key and
 * deleting it again cost in proportion to the table's size — about 16–50 µs per pair at 10,000 keys
 * against 0.6 µs at 10 (bench/README.md, "Map deletes") — so a deleted name is only marked, and the
 * marks are swept once they outnumber the live names (amortised O(1)). Iteration skips the marks; a
 * name set again after its delete keeps its first place in the order.
 */
export class NameTable<V> {
  #map = new Map<string, V | typeof GONE>();
  #gone = 0;

  get size(): number {
    return this.#map.size - this.#gone;
  }

  get(name: string): V | undefined {
    const value = this.#map.get(name);
    return value === GONE ? undefined : value;
  }

  has(name: string): boolean {
    const value = this.#map.get(name);
    return value !== undefined && value !== GONE;
  }

  set(name: string, value: V): this {
    if (this.#map.get(name) === GONE) this.#gone--;
    this.#map.set(name, value);
    return this;
  }

  delete(name: string): boolean {
    const value = this.#map.get(name);
    if (value === undefined || value === GONE) return false;
    this.#map.set(name, GONE);
    if (++this.#gone > 64 && this.#gone > this.size) this.#sweep();
    return true;
  }

  *entries(): IterableIterator<[string, V]> {
    for (const [name, value] of this.#map) if (value !== GONE) yield [name, value];
  }

  *keys(): IterableIterator<string> {
    for (const [name, value] of this.#map) if (value !== GONE) yield name;
  }

  *values(): IterableIterator<V> {
    for (const value of this.#map.values()) if (value !== GONE) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }

  #sweep(): void {
    const live = new Map<string, V | typeof GONE>();
    for (const [name, value] of this.#map) if (value !== GONE) live.set(name, value);
    this.#map = live;
    this.#gone = 0;
  }
}
