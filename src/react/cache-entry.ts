import { trimCommonEnds } from '../util/common-ends.js';
import type { SpliceNotes } from '../walker/splice-note.js';
import type { ViewNode } from '../walker/types.js';
import { NO_DECLS } from './build-nodes.js';
import type { ComponentInfo } from './component-info.js';
import type { Fiber } from './fiber-types.js';
import type { ToolsDeclaration } from './tools-marker.js';

/** One fiber's contribution to its parent's children: its own nodes, or its subtree's when transparent. */
export type Part = readonly ViewNode[];

/**
 * What one fiber slot (a fiber and its alternate) contributed at its latest read, the inputs it
 * was computed from, and the entries of its child slots. Entries form a tree mirroring the fibers,
 * so a child's entry is found by position (checking the slot), not by a map lookup; and both
 * objects of a slot share the one entry, updated in place (a separate, older entry could match
 * after React recycled an object twice while something deep inside had changed in between).
 */
export interface CacheEntry {
  props: unknown;
  state: unknown;
  child: Fiber | null;
  decls: readonly ToolsDeclaration[];
  /** The slot's component (a slot never changes type), null for a host or other fiber; undefined: not yet known. */
  info: ComponentInfo | null | undefined;
  /** Child fibers as last read (either object of each slot), and their entries, in order. */
  fibers: Fiber[];
  entries: CacheEntry[];
  /** The non-empty contributions of the children, in order. */
  parts: readonly Part[];
  /** The nodes of its subtree, in screen order (what its own nodes take as `children`). */
  kids: Part;
  /** Its own nodes with `kids` inside, or `kids` itself when the fiber is transparent. */
  out: Part;
  /** Whether `out` may hold, at any depth, a node with a provider and no id (src/react/idless.ts). */
  idless: boolean;
  /** The same for `kids`. */
  kidsIdless: boolean;
  /** Whether its children were read grouped (src/walker/groups.ts); undefined: not yet read. */
  kidsGrouped: boolean | undefined;
  /**
   * Its only child fiber as last read, while a read may pass through this slot to it (transparent,
   * visible, no declarations, one child slot: src/react/read-fiber-tree.ts, `passesThrough`); else
   * null. Kept on the entry so that a step down a path reads no other object of the slot.
   */
  link: Fiber | null;
  /** The entry of that child slot, while `link` is set; else null. */
  next: CacheEntry | null;
}

export const EMPTY: Part = Object.freeze([]);
export const NO_PARTS: readonly Part[] = Object.freeze([]);

export function newEntry(props: unknown, state: unknown, child: Fiber | null): CacheEntry {
  return {
    props,
    state,
    child,
    decls: NO_DECLS,
    info: undefined,
    fibers: [],
    entries: [],
    parts: NO_PARTS,
    kids: EMPTY,
    out: EMPTY,
    idless: false,
    kidsIdless: false,
    kidsGrouped: undefined,
    link: null,
    next: null,
  };
}

/** Both objects of every slot of a sibling list, to find entries again after a move. */
export function slotsOf(fibers: readonly Fiber[], entries: readonly CacheEntry[]): Map<Fiber, CacheEntry> {
  const slots = new Map<Fiber, CacheEntry>();
  fibers.forEach((fiber, i) => {
    slots.set(fiber, entries[i]!);
    if (fiber.alternate !== null) slots.set(fiber.alternate, entries[i]!);
  });
  return slots;
}

/** How many parts one `concat` call takes: a call's arguments are bounded (a stack limit). */
const CONCAT_BATCH = 4096;

/**
 * The parts' nodes in one array. `concat` copies each part as a block: about 8 times faster than
 * pushing node by node (5,000 nodes in 50 parts: ~6 µs against ~49 µs on Node 20), and a tool
 * component's update re-flattens every level above it (bench/README.md, P1.tool.50k).
 */
export function flatten(parts: readonly Part[]): Part {
  if (parts.length === 0) return EMPTY;
  if (parts.length === 1) return parts[0]!;
  let nodes: ViewNode[] = [];
  if (parts.length <= CONCAT_BATCH) nodes = nodes.concat(...(parts as ViewNode[][]));
  else
    for (let i = 0; i < parts.length; i += CONCAT_BATCH)
      nodes = nodes.concat(...(parts.slice(i, i + CONCAT_BATCH) as ViewNode[][]));
  return nodes;
}

/**
 * `flatten(parts)`, made from `before` (what `flatten(beforeParts)` gave last time) and noted as a
 * splice of it in `notes` (the source's: src/walker/splice-note.ts), so the derivation compares only
 * what changed. When one
 * part replaced one part of the same length (a tool component's update), `before` is copied and
 * only the changed nodes are written: no walk over the parts' nodes, at any depth of the tree,
 * since each level hands the next its own note (bench/README.md, P1.tool.50k).
 */
export function reflatten(
  parts: readonly Part[],
  beforeParts: readonly Part[],
  before: Part,
  notes: SpliceNotes,
): Part {
  if (parts.length <= 1) return flatten(parts);
  // The parts both lists share at their ends, by identity (at most one pass over the parts, not the nodes).
  const {
    start: first,
    endBefore,
    endAfter,
  } = trimCommonEnds(beforeParts, parts, { start: 0, endBefore: beforeParts.length, endAfter: parts.length });
  let offset = 0;
  for (let i = 0; i < first; i++) offset += parts[i]!.length;
  let start = offset;
  let fromEnd = offset;
  let end = offset;
  for (let i = first; i < endBefore; i++) fromEnd += beforeParts[i]!.length;
  for (let i = first; i < endAfter; i++) end += parts[i]!.length;
  const one = endBefore - first === 1 && endAfter - first === 1;
  if (one) {
    // One part for one: its own note, if it has one, narrows the range to the nodes that changed.
    const inner = notes.spliceFrom(parts[first]!, beforeParts[first]!);
    if (inner !== undefined) {
      start = offset + inner.start;
      fromEnd = offset + inner.fromEnd;
      end = offset + inner.end;
    }
  }
  if (one && fromEnd - start === end - start && before.length > 0) {
    return notes.overwritten(before, start, parts[first]!, start - offset, end - offset);
  }
  const nodes = flatten(parts);
  if (nodes !== before) notes.note(nodes, { from: before, start, fromEnd, end });
  return nodes;
}

export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
