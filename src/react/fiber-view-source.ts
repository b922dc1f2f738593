import { defaultTypeMap } from '../registry/default-type-map.js';
import type { ViewSource } from '../session/view-source.js';
import type { Logger } from '../util/logger.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { ungroup } from '../walker/groups.js';
import { SpliceNotes } from '../walker/splice-note.js';
import type { TypeMap, ViewNode } from '../walker/types.js';
import type { CacheEntry } from './cache-entry.js';
import { type CommitCount, commitCount } from './commit-count.js';
import { observeCommits } from './commit-observer.js';
import { type ComponentInfoCache, componentInfoCache } from './component-info.js';
import { fiberOfNode } from './component-node.js';
import { type FiberPath, follow, pathTo } from './fiber-path.js';
import type { Fiber } from './fiber-types.js';
import { readFiberTree } from './read-fiber-tree.js';
import { commitHeld, hasWork, NextCommit } from './root-work.js';
import {
  type McpTypeMap,
  NO_TYPE_MAP,
  type ResolvedTypeMap,
  resolveTypeMap,
  sameTypeMap,
} from './type-map.js';
import { widgetText } from './widget-text.js';

export interface FiberViewSourceOptions {
  /** Names the session in warnings. */
  label: string;
  logger: Logger;
  /** The session anchor's class: a fiber of it inside this subtree starts a nested session. */
  boundary: unknown;
  /** The type map as the anchor's committed props carry it. */
  typeMapOf(anchor: Fiber): McpTypeMap | undefined;
  /** The screen as plain text, when the app renders to one the session can read. */
  screen?: () => string | undefined;
  /**
   * Where the lists of this source's trees are noted (`ViewSource.spliceNotes`): given when `compose`
   * notes its lists too (src/react/builtins/builtin-nodes.ts). @default a new one
   */
  notes?: SpliceNotes;
  /**
   * Turns the session's forest, read from `anchor` in the tree under `hostRoot`, into the one it publishes (the
   * built-in tools' nodes go first). Must return the same array while nothing changed. `mayHoldIdless`
   * false: no node of the forest has a provider and no id (src/react/idless.ts).
   * @default the forest as read
   */
  compose?: (
    forest: readonly ViewNode[],
    hostRoot: Fiber,
    anchor: Fiber,
    mayHoldIdless: boolean,
  ) => readonly ViewNode[];
}

const NOTHING: ViewNode[] = [];
/** Turns `settled()` waits before it gives up on an app that never stops rendering. */
const MAX_TURNS = 1000;
/** How often `settled()` re-checks while React holds a commit on a timer (in case no hook reports it). */
const HELD_POLL_MS = 20;

/** The ViewSource of one `<McpSession>`: its subtree of an Ink app, re-read after every commit. */
export class FiberViewSource implements ViewSource {
  /** The snapshot keeps an unchanged subtree's nodes by identity (read-fiber-tree.ts). */
  readonly reusesNodes = true;
  /** This source's own notes (src/walker/splice-note.ts): the snapshot writes them, its session's derivation reads them. */
  readonly spliceNotes: SpliceNotes;
  readonly #options: FiberViewSourceOptions;
  #changes = new Subscribable<void>();
  #path: FiberPath | null = null;
  #stopObserving: () => void = () => {};
  /** The anchor's entry: the root of the incremental cache. */
  #entry: CacheEntry | undefined;
  #typeMapRaw: McpTypeMap | undefined;
  #defaultsRaw: TypeMap | undefined;
  #typeMap: ResolvedTypeMap = NO_TYPE_MAP;
  #types: ComponentInfoCache;
  /** The tree as read, with its groups (src/walker/groups.ts): what tools are derived from. */
  #tree: readonly ViewNode[] = NOTHING;
  /** `#tree` without its groups (what `current()` answers), made when first asked for; and the tree it was made of. */
  #flat: readonly ViewNode[] = NOTHING;
  #flatOf: readonly ViewNode[] = NOTHING;
  #published: readonly ViewNode[] = NOTHING;
  #publishQueued = false;
  /** Counts reported commits; `settled()` is quiet once a turn passes without one. */
  #commits = 0;
  #quietAt = 0;
  #warned = false;
  /** The root's commits, and how many of them the tree has been read after (see `snapshot`). */
  #count: CommitCount | null = null;
  #readAfter = -1;
  readonly #nextCommit = new NextCommit(HELD_POLL_MS);
  readonly #commitListeners = new Subscribable<void>();

  constructor(options: FiberViewSourceOptions) {
    this.#options = options;
    this.spliceNotes = options.notes ?? new SpliceNotes();
    this.#types = componentInfoCache(NO_TYPE_MAP, options.boundary);
  }

  /** Binds to the anchor's fiber (from `componentDidMount`) and reads the first tree. */
  start(anchor: Fiber | undefined): void {
    try {
      this.#path = anchor ? pathTo(anchor) : null;
    } catch {
      this.#path = null;
    }
    if (this.#path === null) {
      this.#warn(new Error('the session component has no fiber'));
      return;
    }
    const root = this.#path.root;
    this.#count = commitCount(root);
    // Read inside every commit, not later: the cache may trust an unchanged-looking fiber only if it
    // saw every commit (React recycles each fiber's two objects, so after two unseen commits an old
    // object can look unchanged while something below it changed). Publishing waits for a microtask.
    // During `resetAfterCommit` the new tree is not yet `root.current`: it is its alternate.
    this.#stopObserving = observeCommits(root.containerInfo, () => this.#onCommit(root.current.alternate));
    this.#absorb(root.current, false);
    // The first tree is there before anyone can subscribe: it is not news.
    this.#published = this.#tree;
  }

  /** A tool component's effect ran: a commit that may have skipped Ink's hook is now `current`. */
  committed(): void {
    if (this.#path) this.#onCommit(this.#path.root.current);
  }

  /** Unbinds: subscribers hear one last, empty tree; `settled()` resolves at once from now on. */
  dispose(): void {
    this.#stopObserving();
    this.#stopObserving = () => {};
    this.#path = null;
    this.#entry = undefined;
    const changes = this.#changes;
    this.#changes = new Subscribable();
    if (this.#published !== NOTHING) queueMicrotask(() => changes.emit());
    this.#tree = this.#published = NOTHING;
    this.#nextCommit.wake();
  }

  current(): ViewNode[] {
    if (this.#flatOf !== this.#tree) {
      this.#flat = ungroup(this.#tree);
      this.#flatOf = this.#tree;
    }
    return this.#flat as ViewNode[];
  }

  toolTree(fresh: boolean): ViewNode[] {
    if (fresh) this.#refresh();
    return this.#tree as ViewNode[];
  }

  /**
   * The tree now. When every commit since the last read was read as it happened (the root's commit
   * count says so), that tree is it and nothing is read: a call or a listing costs the same in a
   * big app as in a small one. Otherwise (a commit no hook reported) everything is re-read.
   */
  snapshot(): ViewNode[] {
    this.#refresh();
    return this.current();
  }

  #refresh(): void {
    const path = this.#path;
    if (path === null) return;
    const upToDate =
      this.#count !== null &&
      this.#count.commits === this.#readAfter &&
      defaultTypeMap() === this.#defaultsRaw;
    if (!upToDate) this.#absorb(path.root.current, true);
  }

  screen(): string | undefined {
    return this.#options.screen?.();
  }

  /**
   * The text a widget of the current tree draws (src/react/widget-text.ts): its slot is followed down
   * from the committed root, since the fiber its node was read from may be the slot's other object.
   * Undefined for a node not read from a component (a `useMcpTools` node), or once unmounted.
   */
  textOf(node: ViewNode): string | undefined {
    const fiber = fiberOfNode(node);
    const path = this.#path;
    if (fiber === undefined || path === null) return undefined;
    try {
      const slot = pathTo(fiber);
      if (slot === null || slot.root !== path.root) return undefined;
      const current = follow(path.root.current, slot.slots);
      return current === null ? undefined : widgetText(current);
    } catch {
      return undefined; // internals changed shape: the caller just cannot tell
    }
  }

  appText(): string | undefined {
    try {
      const anchor = this.anchor();
      return anchor === null ? undefined : widgetText(anchor);
    } catch {
      return undefined;
    }
  }

  /** The session's anchor fiber in the committed tree (null once unmounted). */
  anchor(): Fiber | null {
    const path = this.#path;
    if (path === null) return null;
    try {
      return follow(path.root.current, path.slots);
    } catch {
      return null;
    }
  }

  /** Ink's root DOM node (`FiberRoot.containerInfo`, the `ink-root` element); undefined once unmounted. */
  container(): unknown {
    return this.#path?.root.containerInfo;
  }

  /** The committed HostRoot fiber of the app (null once unmounted). */
  hostRoot(): Fiber | null {
    return this.#path?.root.current ?? null;
  }

  /** Calls `listener` after every commit the session hears; returns the function that stops it. */
  onCommit(listener: () => void): () => void {
    return this.#commitListeners.subscribe(listener);
  }

  subscribe(listener: (tree: ViewNode[]) => void): () => void {
    return this.#changes.subscribe(() => listener(this.current()));
  }

  onChange(listener: () => void): () => void {
    return this.#changes.subscribe(listener);
  }

  async settled(): Promise<void> {
    for (let turn = 0; this.#path !== null; turn++) {
      const root = this.#path.root;
      // Also picks up a commit nothing reported (no host change, no tool component rendered).
      if (this.#absorb(root.current, false)) this.#commits++;
      const held = commitHeld(root);
      if (this.#commits === this.#quietAt && !hasWork(root) && !held) return;
      if (turn === MAX_TURNS) {
        this.#options.logger.warn(
          `ink-mcp: session "${this.#options.label}" kept rendering for ${MAX_TURNS} turns; answering without waiting for it to settle.`,
        );
        return;
      }
      this.#quietAt = this.#commits;
      if (held && !hasWork(root)) {
        // React holds a finished render back on a timer (Suspense throttles revealing content):
        // wait for that commit rather than spin until it comes.
        await this.#nextCommit.wait();
        turn--;
      } else {
        // One macrotask: React runs passive effects and scheduled renders in Scheduler tasks, which
        // Node queues with setImmediate ahead of this one.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }

  #onCommit(hostRoot: Fiber | null): void {
    this.#commits++;
    this.#nextCommit.wake();
    if (hostRoot) this.#absorb(hostRoot, false);
    // Only `screen.wait_for` listens, and rarely: no copy of an empty set on every commit.
    if (this.#commitListeners.size > 0) this.#commitListeners.emit();
  }

  /** Reads the tree under `hostRoot` into the cache; true when the session's tree changed. */
  #absorb(hostRoot: Fiber, full: boolean): boolean {
    const path = this.#path;
    if (path === null) return false;
    // During Ink's commit hook the finished tree is not yet `current`: its commit is not counted yet.
    const commits = this.#count?.commits ?? -1;
    const readAfter = commits + (hostRoot === path.root.current ? 0 : 1);
    // Two commits unread and an unchanged-looking fiber may be a recycled one (see `start`): read all.
    const thorough = full || (this.#count !== null && commits - this.#readAfter >= 2);
    let tree: readonly ViewNode[] = NOTHING;
    // Internals may change under us: degrade to an empty tree and warn once, never crash the app.
    try {
      const anchor = follow(hostRoot, path.slots);
      if (anchor !== null) {
        this.#applyTypeMap(this.#options.typeMapOf(anchor));
        this.#entry = readFiberTree(anchor, this.#entry, {
          types: this.#types,
          full: thorough,
          notes: this.spliceNotes,
        });
        tree = this.#entry.out;
        if (this.#options.compose) tree = this.#options.compose(tree, hostRoot, anchor, this.#entry.idless);
      }
      this.#readAfter = readAfter;
    } catch (error) {
      this.#entry = undefined;
      this.#warn(error);
    }
    return this.#set(tree);
  }

  /** The user's type map from the anchor's props, over the defaults adapters registered. */
  #applyTypeMap(raw: McpTypeMap | undefined): void {
    const defaults = defaultTypeMap();
    if (raw === this.#typeMapRaw && defaults === this.#defaultsRaw) return;
    this.#typeMapRaw = raw;
    this.#defaultsRaw = defaults;
    const next = resolveTypeMap(raw, defaults);
    if (sameTypeMap(next, this.#typeMap)) return;
    this.#typeMap = next;
    this.#types = componentInfoCache(next, this.#options.boundary);
    this.#entry = undefined;
  }

  #set(tree: readonly ViewNode[]): boolean {
    if (tree === this.#tree) return false;
    this.#tree = tree;
    if (!this.#publishQueued) {
      this.#publishQueued = true;
      // A microtask: a burst of commits in one tick is heard as one new tree.
      queueMicrotask(() => {
        this.#publishQueued = false;
        if (this.#published === this.#tree) return;
        this.#published = this.#tree;
        this.#changes.emit();
      });
    }
    return true;
  }

  #warn(error: unknown): void {
    if (this.#warned) return;
    this.#warned = true;
    const why = errorText(error);
    this.#options.logger.warn(
      `ink-mcp: session "${this.#options.label}" cannot read React's component tree (${why}); it offers no tools. This React or Ink version may be unsupported: please report it.`,
    );
  }
}
