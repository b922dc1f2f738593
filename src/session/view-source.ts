import type { SpliceNotes } from '../walker/splice-note.js';
import type { ViewNode } from '../walker/types.js';

/**
 * Where a session reads its tree from. The React layer implements it over Ink's commits; tests of the
 * layers below can implement it over plain data.
 */
export interface ViewSource {
  /**
   * True when a node object seen in an earlier tree means the same node, attributes and subtree (the
   * source builds new objects for what changed and never edits a node in place): tools are then
   * derived only for new nodes. A source over plain data that edits nodes in place leaves it unset.
   * Such a source may also note how each list it rebuilt was made from the last one, in its
   * `spliceNotes`: the derivation then compares only the noted range.
   */
  readonly reusesNodes?: boolean;
  /**
   * Where this source notes how the lists it rebuilds were made (src/walker/splice-note.ts): its own,
   * so no other session's notes push its out, read by its session's incremental derivation.
   * @default none: every changed list is compared item by item
   */
  readonly spliceNotes?: SpliceNotes;
  /** The tree as of the last snapshot (roots in view order). */
  current(): ViewNode[];
  /**
   * Re-reads the tree now. Covers commits React made without touching the host tree (a component
   * that renders `null` changed), which no commit hook sees.
   */
  snapshot(): ViewNode[];
  /** Called with each new tree after a commit (a burst of commits in one tick gives one call). */
  subscribe(listener: (tree: ViewNode[]) => void): () => void;
  /**
   * Called when `subscribe`'s listeners are, without the tree: for a listener that does not read it,
   * which spares a source that keeps its tree in another form (`toolTree`) making `current()`'s.
   * @default `subscribe` with the tree ignored
   */
  onChange?(listener: () => void): () => void;
  /**
   * The tree to derive tools from, when the source keeps one that is cheaper to change than
   * `current()`'s: the same nodes in the same view order, with some siblings held by id-less
   * container nodes (which derive no tools of their own), so that a change rebuilds short lists
   * instead of copying a large forest (src/walker/groups.ts). `fresh`: re-read first, as
   * `snapshot()` does.
   * @default `fresh ? snapshot() : current()`
   */
  toolTree?(fresh: boolean): ViewNode[];
  /**
   * Resolves once React has committed the work scheduled so far (including effects that scheduled
   * more), or at once when nothing is scheduled. Never sleeps a fixed time.
   */
  settled(): Promise<void>;
  /** The screen as plain text, when the source renders to one. */
  screen?(): string | undefined;
  /**
   * The text a node of the current tree draws, styles removed (`Observation.text`); undefined when
   * the source cannot tell for that node.
   */
  textOf?(node: ViewNode): string | undefined;
  /** The text the whole app draws, read as `textOf` reads a node's: for a session without a screen. */
  appText?(): string | undefined;
}
