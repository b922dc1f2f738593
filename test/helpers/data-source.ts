import type { ViewSource } from '../../src/session/view-source.js';
import type { ViewNode } from '../../src/walker/types.js';

/**
 * A ViewSource over plain data, for the layers below React: `set` is a "commit" (subscribers hear it
 * in a microtask, like the real source), `settled` waits for pending notifications.
 */
export class DataSource implements ViewSource {
  #tree: ViewNode[];
  #listeners = new Set<(tree: ViewNode[]) => void>();
  #pending: Promise<void> = Promise.resolve();
  screenText: string | undefined;
  snapshots = 0;

  constructor(tree: ViewNode[] = []) {
    this.#tree = tree;
  }

  set(tree: ViewNode[]): void {
    this.#tree = tree;
    this.#pending = Promise.resolve().then(() => {
      for (const listener of [...this.#listeners]) listener(this.#tree);
    });
  }

  current(): ViewNode[] {
    return this.#tree;
  }

  snapshot(): ViewNode[] {
    this.snapshots++;
    return this.#tree;
  }

  subscribe(listener: (tree: ViewNode[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  settled(): Promise<void> {
    return this.#pending;
  }

  screen(): string | undefined {
    return this.screenText;
  }
}
