import { trimCommonEnds } from '../util/common-ends.js';
import { errorText } from '../util/text.js';
import { type Derivation, deriveNode, safeId } from './derive.js';
import { DeriveCache } from './derive-cache.js';
import { isGroupSafe } from './groups.js';
import { isId } from './ids.js';
import { NameTable } from './name-table.js';
import { SpliceNotes } from './splice-note.js';
import type { Refusal, ToolDef, TypeMap, ViewNode } from './types.js';

/** One node's own tools and refusals, and its children as they were read with them. */
interface NodeDerivation {
  tools: ToolDef[];
  refusals: Refusal[];
  children: readonly unknown[];
  /** The node's own `children` array (`children` is a copy of it): what a splice note names. */
  list: readonly unknown[];
}

/** What changed between two trees: the tools of every node derived anew, and the names now gone. */
export interface DerivationChange {
  /** The ToolDefs of nodes derived anew, one per name (any order); unchanged nodes' tools are absent. */
  upserted: ToolDef[];
  /** Names no node of the new tree derives. */
  removed: string[];
  /** The refusals of the nodes derived anew. */
  refusals: Refusal[];
}

const NONE: readonly unknown[] = Object.freeze([]);
/** What `ChangeWalk` reads of a value that is not a node: no children. */
const LEAF = Object.freeze({ children: NONE, list: NONE });

/**
 * Derives a session's tools from successive trees of a source that reuses node objects: the same
 * node object means the same node, attributes and subtree (the React snapshot keeps an unchanged
 * subtree's nodes by identity: src/react/cache-entry.ts). Only nodes not seen before are derived;
 * `update` answers the change, so the cost follows the change, not the tree.
 *
 * `full` and `ordered` give exactly what `deriveWithRefusals` gives for the same tree. A tree in
 * which one tool name comes from two nodes (duplicate widget ids) has no incremental answer: the
 * first in view order wins, which only a full walk can tell, so `update` answers undefined.
 */
export class IncrementalDerivation {
  readonly #sessionId: string;
  readonly #typeMap: TypeMap;
  readonly #cache: DeriveCache;
  /** The notes of the source whose trees this derives: what `ChangeWalk` narrows its comparisons by. */
  readonly #notes: SpliceNotes;
  /** `isId(sessionId)`, asked once: a refused session id derives nothing. */
  readonly #validSession: boolean;
  /**
   * Every node's record. A `Map`, not a `WeakMap`: inserting a fresh key into a WeakMap of thousands
   * costs ~0.3–0.9 µs on Node 20, once per node a commit rebuilds, and weak tables weigh on every
   * garbage collection. Records of nodes that left the tree are only counted (`#gone`); once they
   * outnumber the rest, the map is rebuilt from the tree (amortised O(1) a node, at most about
   * twice the tree's records held).
   */
  #nodes = new Map<object, NodeDerivation>();
  #gone = 0;
  /** Name → how many nodes of the current tree derive it. */
  #counts = new NameTable<number>();
  #duplicates = false;
  #tree: readonly unknown[] | undefined;
  #ordered: ToolDef[] | undefined;

  /**
   * `cache`: the session's (src/walker/derive-cache.ts); `notes`: those of the source the trees come
   * from (`ViewSource.spliceNotes`), or none (every list is compared item by item).
   */
  constructor(
    sessionId: string,
    typeMap: TypeMap,
    cache: DeriveCache = new DeriveCache(),
    notes: SpliceNotes = new SpliceNotes(),
  ) {
    this.#sessionId = sessionId;
    this.#typeMap = typeMap;
    this.#cache = cache;
    this.#notes = notes;
    this.#validSession = isId(sessionId);
  }

  /**
   * Every tool and refusal of `tree`, in view order, reusing the nodes already derived unless
   * `fresh` (then everything is derived again, as for a source that changed nodes in place).
   */
  full(tree: readonly ViewNode[], fresh = false): Derivation {
    // Only the records of this tree's nodes are kept: a full walk visits each of them.
    const last = fresh ? undefined : this.#nodes;
    this.#nodes = new Map();
    this.#gone = 0;
    const out: Derivation = { tools: [], refusals: [] };
    this.#counts = new NameTable();
    this.#duplicates = false;
    this.#tree = undefined;
    this.#ordered = undefined;
    if (!this.#validSession) return out;
    const stack: unknown[] = [];
    pushReversed(stack, tree);
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null) continue;
      let record = last?.get(node);
      if (record === undefined) record = this.recordOf(node).record;
      else this.#nodes.set(node, record);
      for (const tool of record.tools) {
        out.tools.push(tool);
        this.count(tool.name, 1);
        if (this.countOf(tool.name) > 1) this.#duplicates = true;
      }
      for (const refusal of record.refusals) out.refusals.push(refusal);
      pushReversed(stack, record.children);
    }
    this.#tree = tree;
    this.#ordered = out.tools;
    return out;
  }

  /**
   * The change from the tree last derived to `tree`, walking only where the two differ; undefined
   * when there is no incremental answer (no tree before, duplicate names, a node that throws):
   * call `full` then.
   */
  update(tree: readonly ViewNode[]): DerivationChange | undefined {
    const before = this.#tree;
    if (before === undefined || this.#duplicates || !this.#validSession) return undefined;
    // Until this answers, the counts are mid-change: a failure leaves `full` as the only way on.
    this.#tree = undefined;
    const walk = new ChangeWalk(this, this.#notes);
    try {
      walk.lists(before, tree);
    } catch {
      return undefined;
    }
    const change: DerivationChange = { upserted: [], removed: [], refusals: walk.refusals };
    for (const [name, tool] of walk.touched) {
      const count = this.countOf(name);
      if (count === 0) change.removed.push(name);
      else if (count === 1 && tool !== null) change.upserted.push(tool);
      // Two nodes derive it, or the one left was not walked: only a full walk can tell which wins.
      else return undefined;
    }
    this.#tree = tree;
    this.#ordered = undefined;
    if (this.#gone > 64 && this.#gone > this.#nodes.size - this.#gone) this.#compact(tree);
    return change;
  }

  /** The tools of the tree last derived, in view order. */
  ordered(): readonly ToolDef[] {
    if (this.#ordered !== undefined) return this.#ordered;
    const tools: ToolDef[] = [];
    const stack: unknown[] = [];
    pushReversed(stack, this.#tree ?? NONE);
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null) continue;
      const record = this.known(node)!;
      for (const tool of record.tools) tools.push(tool);
      pushReversed(stack, record.children);
    }
    this.#ordered = tools;
    return tools;
  }

  /** The record of a node already derived (for `ChangeWalk`). */
  known(node: object): NodeDerivation | undefined {
    return isGroupSafe(node) ? groupRecord(node as ViewNode) : this.#nodes.get(node);
  }

  /** The node's record, derived now if it is new (for `ChangeWalk` and `full`). */
  recordOf(node: object): { record: NodeDerivation; fresh: boolean } {
    // A group derives nothing and is rebuilt on every change below it: it gets no record, so a
    // tool component's update costs no insert per group on its path.
    if (isGroupSafe(node)) return { record: groupRecord(node as ViewNode), fresh: false };
    const known = this.#nodes.get(node);
    if (known !== undefined) return { record: known, fresh: false };
    const record = deriveOne(node, this.#sessionId, this.#typeMap, this.#cache);
    this.#nodes.set(node, record);
    return { record, fresh: true };
  }

  /** How many node records are held (for tests: at most about twice the tree's). */
  get records(): number {
    return this.#nodes.size;
  }

  /** A node left the tree (for `ChangeWalk`): its record is dropped at the next compaction. */
  forget(node: object): void {
    if (!isGroupSafe(node)) this.#gone++;
  }

  /** Keeps only the records of `tree`'s nodes (every one of which has a record). */
  #compact(tree: readonly unknown[]): void {
    const nodes = new Map<object, NodeDerivation>();
    const stack: unknown[] = [];
    pushReversed(stack, tree);
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null) continue;
      const record = this.known(node);
      // Never so after a successful update; if it were, keeping every record is the safe answer.
      if (record === undefined) return;
      if (!isGroupSafe(node)) nodes.set(node, record);
      pushReversed(stack, record.children);
    }
    this.#nodes = nodes;
    this.#gone = 0;
  }

  /** Counts a node's tool in (1) or out (-1) of the current tree (for `ChangeWalk` and `full`). */
  count(name: string, delta: number): void {
    const count = (this.#counts.get(name) ?? 0) + delta;
    if (count === 0) this.#counts.delete(name);
    else this.#counts.set(name, count);
  }

  /** How many nodes of the tree being derived give `name`. */
  countOf(name: string): number {
    return this.#counts.get(name) ?? 0;
  }
}

/**
 * One `update`: removes the tools of old nodes the new tree lacks and adds those of new nodes, by
 * name. Nodes present in both trees (the same objects) are skipped with their subtrees.
 */
class ChangeWalk {
  readonly #derivation: IncrementalDerivation;
  readonly #notes: SpliceNotes;
  /** Name → the ToolDef last added under it (null: only removed). */
  readonly touched = new Map<string, ToolDef | null>();
  readonly refusals: Refusal[] = [];

  constructor(derivation: IncrementalDerivation, notes: SpliceNotes) {
    this.#derivation = derivation;
    this.#notes = notes;
  }

  /**
   * Walks what differs between two lists of nodes. `beforeList` and `afterList` are the arrays they
   * were read from (the same unless copied): when the source noted how one was made from the other
   * (in its `SpliceNotes`, src/walker/splice-note.ts), only the noted range is compared.
   */
  lists(
    before: readonly unknown[],
    after: readonly unknown[],
    beforeList: readonly unknown[] = before,
    afterList: readonly unknown[] = after,
  ): void {
    if (before === after) return;
    const noted = this.#notes.changedRange(afterList, beforeList);
    const { start, endBefore, endAfter } = trimCommonEnds(before, after, {
      start: noted.start,
      endBefore: noted.fromEnd,
      endAfter: noted.end,
    });
    if (endBefore - start === endAfter - start) {
      // The common case: nodes replaced in place (an update of a component that declares tools).
      for (let i = start; i < endBefore; i++) this.#node(before[i], after[i]);
      return;
    }
    // Insertions, removals, moves: what is in both lists keeps its subtree.
    const kept = new Set(after.slice(start, endAfter));
    const old = new Set(before.slice(start, endBefore));
    for (let i = start; i < endBefore; i++) if (!kept.has(before[i])) this.#subtree(before[i], -1);
    for (let i = start; i < endAfter; i++) if (!old.has(after[i])) this.#subtree(after[i], 1);
  }

  #node(before: unknown, after: unknown): void {
    if (before === after) return;
    // A group for a group (a layout level on the path of the change): nothing of their own to count.
    if (isGroupSafe(before) && isGroupSafe(after)) {
      this.lists((before as ViewNode).children, (after as ViewNode).children);
      return;
    }
    const old = this.#own(before, -1);
    const next = this.#own(after, 1);
    this.lists(old.children, next.children, old.list, next.list);
  }

  #subtree(root: unknown, delta: 1 | -1): void {
    const stack: unknown[] = [root];
    while (stack.length > 0) pushReversed(stack, this.#own(stack.pop(), delta).children);
  }

  /** Adds (1) or removes (-1) a node's own tools; answers its record. */
  #own(node: unknown, delta: 1 | -1): Pick<NodeDerivation, 'children' | 'list'> {
    if (typeof node !== 'object' || node === null) return LEAF;
    let record: NodeDerivation;
    if (delta === -1) {
      const known = this.#derivation.known(node);
      // Every node of the last tree was derived; anything else is not the tree we think it is.
      if (known === undefined) throw new Error('ink-mcp: a node of the last tree was never derived');
      record = known;
      this.#derivation.forget(node);
    } else {
      const { record: found, fresh } = this.#derivation.recordOf(node);
      record = found;
      if (fresh) for (const refusal of record.refusals) this.refusals.push(refusal);
    }
    for (const tool of record.tools) {
      this.#derivation.count(tool.name, delta);
      if (delta === 1) this.touched.set(tool.name, tool);
      else if (!this.touched.has(tool.name)) this.touched.set(tool.name, null);
    }
    return record;
  }
}

/** What `deriveWithRefusals` does for one node: its own tools, and its children copied in the same guard. */
function deriveOne(node: object, sessionId: string, typeMap: TypeMap, cache: DeriveCache): NodeDerivation {
  const out: Derivation = { tools: [], refusals: [] };
  let children: readonly unknown[] = NONE;
  let list: readonly unknown[] = NONE;
  try {
    deriveNode(node as ViewNode, sessionId, typeMap, out, cache);
    // Copied inside the guard: a proxy list can throw from its length or any index.
    const read: unknown = (node as ViewNode).children;
    if (Array.isArray(read)) {
      // No copy of an empty list (most widgets' own nodes have no children): NONE is as good.
      children = read.length === 0 ? NONE : Array.prototype.slice.call(read);
      list = read;
    }
  } catch (error) {
    // Only a hostile node (a throwing getter, a proxy) gets here; it costs only itself.
    out.refusals.push({ kind: 'provider_error', widgetId: safeId(node), message: errorText(error) });
    children = list = NONE;
  }
  return { tools: out.tools, refusals: out.refusals, children, list };
}

/** A group's record, read from the group itself: the snapshot never edits its children (src/walker/groups.ts). */
function groupRecord(node: ViewNode): NodeDerivation {
  return { tools: NO_TOOLS, refusals: NO_REFUSALS, children: node.children, list: node.children };
}

const NO_TOOLS = Object.freeze([]) as unknown as ToolDef[];
const NO_REFUSALS = Object.freeze([]) as unknown as Refusal[];

function pushReversed(stack: unknown[], items: readonly unknown[]): void {
  for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
}
