/**
 * What a source that reuses node objects (`ViewSource.reusesNodes`) may tell the incremental
 * derivation about a list it built: the list it was made from, and the one range that differs.
 * Outside the range both lists hold the same objects at the same places (the tails counted from
 * the end). With it the derivation compares nothing outside the range: a tool component's update
 * in a forest of 5,000 widgets no longer scans the forest for what changed (bench/README.md,
 * P1.tool.50k). A list without a note, or noted against another list, is compared item by item.
 *
 * Kept beside the list, not in it: `ViewNode.children` stays a plain array. In a small ring of the
 * latest notes rather than a WeakMap: inserting a fresh key into a WeakMap costs about a microsecond
 * on Node 20, several times per commit, and a note is only ever asked for about a list of the last
 * few commits (the derivation runs in the microtask after them). A note pushed out of the ring, or
 * never made, costs a comparison, never a wrong answer. The ring holds its lists alive until they
 * are pushed out: at most `SLOTS` lists and the lists they were made from.
 */
export interface Splice {
  /** The list this one was made from. */
  readonly from: readonly unknown[];
  /** Items before `start` are those of `from`. */
  readonly start: number;
  /** End of the replaced range in `from`: `from`'s items from here on are this list's from `end` on. */
  readonly fromEnd: number;
  /** End of the replacing range in this list. */
  readonly end: number;
}

/** Notes per commit: one per rebuilt level of the tree, usually a handful. */
const SLOTS = 16;

/**
 * The latest notes of one source (src/session/view-source.ts, `ViewSource.spliceNotes`): written by
 * what builds its lists (src/react/cache-entry.ts, src/react/builtins/builtin-nodes.ts), read by the
 * session's incremental derivation (src/walker/derive-incremental.ts). One per source, not one per
 * process: two sessions never read each other's notes, and a test starts from an empty one.
 */
export class SpliceNotes {
  readonly #lists: (readonly unknown[] | undefined)[] = new Array(SLOTS).fill(undefined);
  readonly #splices: (Splice | undefined)[] = new Array(SLOTS).fill(undefined);
  /** Where the next note goes (the oldest is overwritten). */
  #next = 0;

  /** Records that `list` is `from` with `from[start, fromEnd)` replaced by `list[start, end)`. */
  note(list: readonly unknown[], splice: Splice): void {
    const next = this.#next;
    this.#lists[next] = list;
    this.#splices[next] = splice;
    this.#next = (next + 1) % SLOTS;
  }

  /**
   * A copy of `from` with `source[sourceStart, sourceEnd)` written over the same number of items from
   * `at` on, noted. One block copy and a few writes: ~3.5 µs for 5,000 items on Node 20, where
   * building the list again from its parts costs ~6 µs and comparing it with the last one ~14 µs.
   */
  overwritten<T>(
    from: readonly T[],
    at: number,
    source: readonly T[],
    sourceStart: number,
    sourceEnd: number,
  ): T[] {
    const list = from.slice();
    for (let i = sourceStart; i < sourceEnd; i++) list[at + i - sourceStart] = source[i]!;
    const end = at + sourceEnd - sourceStart;
    this.note(list, { from, start: at, fromEnd: end, end });
    return list;
  }

  /** The note of `list` when it was made from `from` exactly (and fits both); undefined otherwise. */
  spliceFrom(list: readonly unknown[], from: readonly unknown[]): Splice | undefined {
    const note = this.spliceOf(list);
    if (note === undefined || note.from !== from) return undefined;
    const { start, fromEnd, end } = note;
    const fits =
      start >= 0 && start <= fromEnd && start <= end && from.length - fromEnd === list.length - end;
    return fits && fromEnd <= from.length ? note : undefined;
  }

  /** The latest note of `list`, whatever it was made from (what a check of the notes reads). */
  spliceOf(list: readonly unknown[]): Splice | undefined {
    const lists = this.#lists;
    const next = this.#next;
    // Newest first: a list noted twice (never, from the snapshot) answers its latest note.
    for (let i = 1; i <= SLOTS; i++) {
      const slot = (next - i + SLOTS) % SLOTS;
      if (lists[slot] === list) return this.#splices[slot];
    }
    return undefined;
  }

  /**
   * The range in which `list` differs from `from`, as narrow as their notes tell: `list`'s own note
   * against `from` when it has one, else the whole of both. O(1): callers that can afford it narrow
   * further by comparing items.
   */
  changedRange(list: readonly unknown[], from: readonly unknown[]): Splice {
    return this.spliceFrom(list, from) ?? { from, start: 0, fromEnd: from.length, end: list.length };
  }
}
