import type { Registry, ToolDiff } from '../registry/registry.js';
import { deriveWithRefusals } from '../walker/derive.js';
import { describeRefusal, describeRefusedSessionId } from '../walker/describe-refusal.js';
import { isId } from '../walker/ids.js';
import type { Logger, ViewNode } from '../walker/types.js';
import type { Session } from './session.js';

/**
 * Keeps what the registry holds for one session equal to what its tree derives. A tool whose listed
 * definition or provider changed is replaced, never left stale. Each refusal is logged once for the
 * session's life, not on every render.
 */
export class Synchronizer {
  readonly #session: Session;
  readonly #registry: Registry;
  readonly #logger: Logger;
  readonly #logged = new Set<string>();
  /** The tree last registered, and the registry version right after: both equal means nothing to do. */
  #synced: { tree: readonly ViewNode[]; version: number } | undefined;

  constructor(session: Session, registry: Registry, logger: Logger) {
    this.#session = session;
    this.#registry = registry;
    this.#logger = logger;
    if (!isId(session.id)) logger.warn(describeRefusedSessionId(session.id));
  }

  /**
   * Derives from `tree` (default: the session's latest) and registers the result. Unless `force`d,
   * the tree it registered last, with the registry unchanged since, is skipped: derivation is a pure
   * function of the tree, and a source gives a new tree when anything in it changed. (A listing
   * re-reads every session: this keeps it from re-deriving every tool of every session.)
   */
  sync(tree: readonly ViewNode[] = this.#session.tree(), force = false): ToolDiff {
    if (!force && this.#synced?.tree === tree && this.#synced.version === this.#registry.version) {
      return { added: [], removed: [], changed: [] };
    }
    const { tools, refusals } = deriveWithRefusals(tree, {
      sessionId: this.#session.id,
      typeMap: this.#session.typeMap,
    });
    for (const refusal of refusals) {
      const line = describeRefusal(refusal);
      if (this.#logged.has(line)) continue;
      this.#logged.add(line);
      this.#logger.warn(line);
    }
    const diff = this.#registry.replaceSession(this.#session.id, tools);
    this.#synced = { tree, version: this.#registry.version };
    return diff;
  }
}
