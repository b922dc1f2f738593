import { group, isGroup } from '../walker/groups.js';
import type { SpliceNotes } from '../walker/splice-note.js';
import { buildNodes, declarationsOf, NO_DECLS } from './build-nodes.js';
import {
  type CacheEntry,
  EMPTY,
  NO_PARTS,
  newEntry,
  type Part,
  reflatten,
  sameItems,
  slotsOf,
} from './cache-entry.js';
import {
  bodyOf,
  type ComponentInfo,
  type ComponentInfoCache,
  describeComponent,
  hooksFiber,
} from './component-info.js';
import { type Fiber, HostComponent, OffscreenComponent } from './fiber-types.js';
import { holdsIdless } from './idless.js';

export interface ReadOptions {
  /** Component types described under the current type map (a nested session's anchor among them). */
  types: ComponentInfoCache;
  /** Visit every fiber (still reusing node objects whose inputs are unchanged). */
  full: boolean;
  /** Where each list rebuilt from the last one is noted (the source's `spliceNotes`). */
  notes: SpliceNotes;
}

/**
 * Reads the ViewNode forest under `anchor` (the session's own fiber) from whichever tree `anchor`
 * belongs to: the committed one, or the finished work about to be committed. Returns the anchor's
 * entry; its `out` is the forest.
 *
 * Incremental: a fiber whose props, state and child pointer are those of its slot's entry has an
 * unchanged subtree (React clones the whole path above any fiber that rendered, so a changed
 * descendant always changes its ancestors' `child`), and the entry is reused without descending.
 * That holds when every commit is read; `full` re-reads everything for commits nothing reported.
 */
export function readFiberTree(
  anchor: Fiber,
  entry: CacheEntry | undefined,
  options: ReadOptions,
): CacheEntry {
  return read(anchor, entry, options, true, true);
}

/**
 * `grouped`: no widget between `fiber` and the anchor, so a transparent fiber with several
 * contributing children hands up one group of their nodes (src/walker/groups.ts).
 */
function read(
  fiber: Fiber,
  entry: CacheEntry | undefined,
  options: ReadOptions,
  top: boolean,
  grouped: boolean,
): CacheEntry {
  const props = fiber.memoizedProps;
  const state = fiber.memoizedState;
  const child = fiber.child;
  if (
    entry !== undefined &&
    !options.full &&
    entry.props === props &&
    entry.state === state &&
    entry.child === child
  ) {
    return entry;
  }
  if (entry !== undefined && !options.full && entry.kidsGrouped === grouped && passesThrough(fiber, entry))
    return readChain(fiber, entry, options, grouped);
  const e = entry ?? newEntry(props, state, child);
  let info = e.info;
  if (info === undefined) e.info = info = top ? null : describeComponent(fiber, options.types);
  let decls = NO_DECLS;
  let out = EMPTY;
  let idless = false;
  if (info === null ? !isHidden(fiber) : !info.boundary) {
    const hooks = info === null ? null : hooksFiber(fiber, info);
    if (hooks !== null) decls = declarationsOf(hooks);
    const first = info === null ? child : bodyOf(fiber, info);
    const transparent = info === null || (info.provider == null && decls.length === 0);
    const kidsGrouped = grouped && transparent;
    if (e.kidsGrouped !== kidsGrouped) {
      // First read, or its children were read in the other form: they are read anew, so that no
      // list of one form is kept in the other (a group below a widget would reach the public tree).
      e.kidsGrouped = kidsGrouped;
      e.fibers = [];
      e.entries = [];
      e.parts = NO_PARTS;
      e.kids = EMPTY;
    }
    const kids = readChildren(first, e, options, kidsGrouped);
    if (info === null || transparent) {
      const last = e.out.length === 1 ? e.out[0]! : undefined;
      if (!kidsGrouped || e.parts.length < 2) out = kids;
      else if (last !== undefined && isGroup(last) && last.children === kids) out = e.out;
      else out = [group(kids)];
      idless = e.kidsIdless;
    } else if (
      entry !== undefined &&
      e.out.length > 0 &&
      e.props === props &&
      e.kids === kids &&
      sameItems(e.decls, decls)
    ) {
      out = e.out;
      idless = e.idless;
    } else {
      out = buildNodes(fiber, info, hooks, decls, kids);
      idless = e.kidsIdless || holdsIdless(out);
    }
    e.kids = kids;
  } else {
    // Hidden, or a nested session's: nothing of it is ours, and nothing is kept.
    e.fibers = [];
    e.entries = [];
    e.parts = NO_PARTS;
    e.kids = EMPTY;
    e.kidsIdless = false;
  }
  e.props = props;
  e.state = state;
  e.child = child;
  e.decls = decls;
  e.out = out;
  e.idless = idless;
  const passable = e.fibers.length === 1 && decls.length === 0 && mayPassThrough(info);
  e.link = passable ? e.fibers[0]! : null;
  e.next = passable ? e.entries[0]! : null;
  return e;
}

/** A host fiber, or a component that neither provides, merges nor bounds a session. */
function mayPassThrough(info: ComponentInfo | null): boolean {
  return info === null || (info.provider == null && !info.merged && !info.boundary);
}

/**
 * A fiber React only cloned on the way to something below: same props and state as last read,
 * transparent, visible, and its only child in the same slot as before. Most of a path is made of
 * these (host boxes, layout components), so they are walked in a loop, not recursively.
 */
function passesThrough(fiber: Fiber, entry: CacheEntry): boolean {
  return (
    entry.props === fiber.memoizedProps &&
    entry.state === fiber.memoizedState &&
    sameOnlyChild(entry, fiber.child)
  );
}

/**
 * Whether `below`, a fiber's child now, is alone and in the one child slot the entry passes reads
 * through to (`link`: what cannot change while props and state stay the same is kept on the entry,
 * so that a step down a path reads no other object of the slot).
 */
function sameOnlyChild(entry: CacheEntry, below: Fiber | null): boolean {
  const only = entry.link;
  // `alternate` links both objects of a slot to each other (React's createWorkInProgress).
  return (
    only !== null && below !== null && below.sibling === null && (below === only || below.alternate === only)
  );
}

/**
 * Entries of the chain being walked by `readChain` (a stack: the bottom's read may walk another),
 * up to `chainTop`. Popped by moving `chainTop`, not by setting `length`: shrinking an array is a
 * runtime call, on every chain of every commit. Stale entries above the top are overwritten.
 */
const chain: CacheEntry[] = [];
let chainTop = 0;

function readChain(fiber: Fiber, entry: CacheEntry, options: ReadOptions, grouped: boolean): CacheEntry {
  const start = chainTop;
  let current = fiber;
  let e = entry;
  let out: Part | null = null;
  let idless = false;
  for (;;) {
    const child = current.child!;
    e.child = child;
    chain[chainTop++] = e;
    current = child;
    // Every entry walked from passed through: its one child slot's entry is `next`.
    e = e.next!;
    // `passesThrough`, on the loads the unchanged test makes anyway.
    if (e.props === child.memoizedProps && e.state === child.memoizedState) {
      const below = child.child;
      if (e.child === below) break; // unchanged below
      if (sameOnlyChild(e, below)) continue;
    }
    const before = e.out;
    if (read(child, e, options, false, grouped).out !== before) {
      out = e.out;
      idless = e.idless;
    }
    break;
  }
  if (out !== null) {
    // The bottom's nodes changed: every entry of the chain passes them up as its own.
    const parts = out.length > 0 ? [out] : NO_PARTS;
    for (let i = start; i < chainTop; i++) {
      const link = chain[i]!;
      link.parts = parts;
      link.kids = out;
      link.out = out;
      link.kidsIdless = link.idless = idless;
    }
  }
  chainTop = start;
  return entry;
}

/**
 * Reads the children starting at `first` into `parent` and returns their nodes. Children are
 * matched to the previous read by position while the slots line up (the common case), by slot
 * otherwise (a keyed move, an insertion, a removal). The result keeps its identity when every
 * child's contribution did.
 */
function readChildren(first: Fiber | null, parent: CacheEntry, options: ReadOptions, grouped: boolean): Part {
  const { fibers, entries } = parent;
  let slots: Map<Fiber, CacheEntry> | null = null;
  let nextFibers: Fiber[] | null = null;
  let nextEntries: CacheEntry[] | null = null;
  let changed = false;
  let index = 0;
  for (let fiber = first; fiber !== null; fiber = fiber.sibling, index++) {
    let known: CacheEntry | undefined;
    const old = fibers[index];
    if (nextFibers === null && old !== undefined && (fiber === old || fiber === old.alternate))
      known = entries[index];
    else {
      if (nextFibers === null) {
        nextFibers = fibers.slice(0, index);
        nextEntries = entries.slice(0, index);
        slots = slotsOf(fibers, entries);
      }
      known = slots!.get(fiber) ?? (fiber.alternate === null ? undefined : slots!.get(fiber.alternate));
    }
    // The common case inline: an unchanged sibling of the path React re-rendered.
    if (
      known !== undefined &&
      !options.full &&
      known.props === fiber.memoizedProps &&
      known.state === fiber.memoizedState &&
      known.child === fiber.child
    ) {
      if (nextFibers !== null) {
        nextFibers.push(fiber);
        nextEntries!.push(known);
      }
      continue;
    }
    const before = known?.out;
    const entry = read(fiber, known, options, false, grouped);
    if (entry.out !== before) changed = true;
    if (nextFibers !== null) {
      nextFibers.push(fiber);
      nextEntries!.push(entry);
    }
  }
  if (nextFibers === null && index !== fibers.length) {
    nextFibers = fibers.slice(0, index);
    nextEntries = entries.slice(0, index);
  }
  if (nextFibers !== null) {
    parent.fibers = nextFibers;
    parent.entries = nextEntries!;
    changed = true;
  }
  if (!changed) return parent.kids;
  const parts: Part[] = [];
  let idless = false;
  for (const entry of parent.entries) {
    if (entry.out.length === 0) continue;
    parts.push(entry.out);
    idless ||= entry.idless;
  }
  const before = parent.parts;
  if (sameItems(parts, before)) return parent.kids;
  parent.parts = parts;
  parent.kidsIdless = idless;
  // `kids` is what `before` flattened to (kept so by every writer of `parts`): the new list is made from it.
  return reflatten(parts, before, parent.kids, options.notes);
}

/**
 * Not on screen: Suspense content while its fallback shows and `<Activity mode="hidden">` (an
 * Offscreen fiber with state), and `<Static>` output (Ink marks its box `internal_static`).
 */
function isHidden(fiber: Fiber): boolean {
  if (fiber.tag === OffscreenComponent) return fiber.memoizedState !== null;
  if (fiber.tag !== HostComponent) return false;
  const props = fiber.memoizedProps as { internal_static?: unknown } | null;
  return props?.internal_static === true;
}
