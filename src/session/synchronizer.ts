import { NO_DIFF, type Registry, type ToolDiff } from '../registry/registry.js';
import type { Logger } from '../util/logger.js';
import { deriveWithRefusals } from '../walker/derive.js';
import { DeriveCache } from '../walker/derive-cache.js';
import { IncrementalDerivation } from '../walker/derive-incremental.js';
import { describeRefusal, describeRefusedSessionId, refusalKey } from '../walker/describe-refusal.js';
import { isId } from '../walker/ids.js';
import type { Refusal, TypeMap, ViewNode } from '../walker/types.js';
import type { ViewSource } from './view-source.js';

/** What a synchronizer derives from: a session's id, type map and tree (not the session itself). */
export interface SyncTarget {
  sessionId: string;
  typeMap: TypeMap;
  source: Pick<ViewSource, 'current' | 'reusesNodes' | 'toolTree' | 'spliceNotes'>;
  /** What derivation keeps from one tree to the next (`Session.deriveCache`). @default a new one */
  cache?: DeriveCache;
}

/**
 * Keeps what the registry holds for one session equal to what its tree derives. A tool whose listed
 * definition or provider changed is replaced, never left stale. Each refusal is logged once for the
 * session's life, not on every render.
 *
 * For a source that reuses unchanged nodes (`ViewSource.reusesNodes`, the React snapshot), only the
 * nodes new since the last tree are derived and the registry gets the change alone, so a commit
 * costs what it changed, not what the app holds.
 */
export class Synchronizer {
  readonly #target: SyncTarget;
  readonly #registry: Registry;
  readonly #logger: Logger;
  readonly #logged = new Set<string>();
  readonly #incremental: IncrementalDerivation | undefined;
  readonly #cache: DeriveCache;
  /** The tree last registered, and the session's registry revision right after: both equal means nothing to do. */
  #syncedTree: readonly ViewNode[] | undefined;
  #syncedRevision = -1;

  constructor(target: SyncTarget, registry: Registry, logger: Logger) {
    this.#target = target;
    this.#registry = registry;
    this.#logger = logger;
    this.#cache = target.cache ?? new DeriveCache();
    if (!isId(target.sessionId)) logger.warn(describeRefusedSessionId(target.sessionId));
    if (target.source.reusesNodes === true)
      this.#incremental = new IncrementalDerivation(
        target.sessionId,
        target.typeMap,
        this.#cache,
        target.source.spliceNotes,
      );
  }

  /**
   * Derives from `tree` (default: the session's latest) and registers the result. Unless `force`d,
   * the tree it registered last, with the session's tools unchanged in the registry since, is
   * skipped: derivation is a pure function of the tree, and a source gives a new tree when anything
   * in it changed. (A listing re-reads every session: this keeps it from re-deriving every tool.)
   * `force` derives every node again (a plain-data source may change its tree in place).
   */
  sync(tree: readonly ViewNode[] = this.#latest(), force = false): ToolDiff {
    const { sessionId } = this.#target;
    const current =
      this.#syncedTree !== undefined && this.#syncedRevision === this.#registry.sessionRevision(sessionId);
    if (!force && current && this.#syncedTree === tree) return NO_DIFF;
    const diff = (!force && current && this.#applyChange(tree)) || this.#replace(tree, force);
    this.#syncedTree = tree;
    this.#syncedRevision = this.#registry.sessionRevision(sessionId);
    return diff;
  }

  /**
   * The session's registered tool names: the same set object for as long as they stay the same, so
   * a call compares the sets before and after it by identity first.
   */
  toolNames(): ReadonlySet<string> {
    return this.#registry.sessionToolNames(this.#target.sessionId);
  }

  #latest(): readonly ViewNode[] {
    const { source } = this.#target;
    return source.toolTree?.(false) ?? source.current();
  }

  /** The registry holds what the last tree derived: hand it only the change. */
  #applyChange(tree: readonly ViewNode[]): ToolDiff | undefined {
    const derivation = this.#incremental;
    const change = derivation?.update(tree);
    if (derivation === undefined || change === undefined) return undefined;
    this.#log(change.refusals);
    return this.#registry.applySessionChange(this.#target.sessionId, change, () => derivation.ordered());
  }

  #replace(tree: readonly ViewNode[], fresh: boolean): ToolDiff {
    const { sessionId, typeMap } = this.#target;
    const { tools, refusals } =
      this.#incremental?.full(tree, fresh) ?? deriveWithRefusals(tree, { sessionId, typeMap }, this.#cache);
    this.#log(refusals);
    return this.#registry.replaceSession(sessionId, tools);
  }

  #log(refusals: readonly Refusal[]): void {
    for (const refusal of refusals) {
      const key = refusalKey(refusal);
      if (this.#logged.has(key)) continue;
      this.#logged.add(key);
      this.#logger.warn(describeRefusal(refusal));
    }
  }
}
