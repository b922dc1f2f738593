import type { Registry, ToolDiff } from '../registry/registry.js';
import { deriveWithRefusals } from '../walker/derive.js';
import { describeRefusal, describeRefusedSessionId, refusalKey } from '../walker/describe-refusal.js';
import { isId } from '../walker/ids.js';
import type { Logger, TypeMap, ViewNode } from '../walker/types.js';
import type { ViewSource } from './view-source.js';

/** What a synchronizer derives from: a session's id, type map and tree (not the session itself). */
export interface SyncTarget {
  sessionId: string;
  typeMap: TypeMap;
  source: Pick<ViewSource, 'current'>;
}

/**
 * Keeps what the registry holds for one session equal to what its tree derives. A tool whose listed
 * definition or provider changed is replaced, never left stale. Each refusal is logged once for the
 * session's life, not on every render.
 */
export class Synchronizer {
  readonly #target: SyncTarget;
  readonly #registry: Registry;
  readonly #logger: Logger;
  readonly #logged = new Set<string>();
  /** The tree last registered, and the registry version right after: both equal means nothing to do. */
  #synced: { tree: readonly ViewNode[]; version: number } | undefined;

  constructor(target: SyncTarget, registry: Registry, logger: Logger) {
    this.#target = target;
    this.#registry = registry;
    this.#logger = logger;
    if (!isId(target.sessionId)) logger.warn(describeRefusedSessionId(target.sessionId));
  }

  /**
   * Derives from `tree` (default: the session's latest) and registers the result. Unless `force`d,
   * the tree it registered last, with the registry unchanged since, is skipped: derivation is a pure
   * function of the tree, and a source gives a new tree when anything in it changed. (A listing
   * re-reads every session: this keeps it from re-deriving every tool of every session.)
   */
  sync(tree: readonly ViewNode[] = this.#target.source.current(), force = false): ToolDiff {
    if (!force && this.#synced?.tree === tree && this.#synced.version === this.#registry.version) {
      return { added: [], removed: [], changed: [] };
    }
    const { sessionId, typeMap } = this.#target;
    const { tools, refusals } = deriveWithRefusals(tree, { sessionId, typeMap });
    for (const refusal of refusals) {
      const key = refusalKey(refusal);
      if (this.#logged.has(key)) continue;
      this.#logged.add(key);
      this.#logger.warn(describeRefusal(refusal));
    }
    const diff = this.#registry.replaceSession(sessionId, tools);
    this.#synced = { tree, version: this.#registry.version };
    return diff;
  }

  /**
   * The session's registered tool names: the same set object for as long as they stay the same, so
   * a call compares the sets before and after it by identity first.
   */
  toolNames(): ReadonlySet<string> {
    return this.#registry.sessionToolNames(this.#target.sessionId);
  }
}
