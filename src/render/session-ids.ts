/**
 * Session ids for an app's `render` calls: the first live one is `base`, one rendered while it is
 * still live is `base_2`, then `base_3`, …; an id is free again once its app has exited.
 */
export class SessionIds {
  readonly #base: string;
  readonly #live = new Set<string>();

  constructor(base: string) {
    this.#base = base;
  }

  take(): string {
    let id = this.#base;
    for (let n = 2; this.#live.has(id); n++) id = `${this.#base}_${n}`;
    this.#live.add(id);
    return id;
  }

  release(id: string): void {
    this.#live.delete(id);
  }

  get size(): number {
    return this.#live.size;
  }
}
