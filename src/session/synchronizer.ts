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

  constructor(session: Session, registry: Registry, logger: Logger) {
    this.#session = session;
    this.#registry = registry;
    this.#logger = logger;
    if (!isId(session.id)) logger.warn(describeRefusedSessionId(session.id));
  }

  /** Derives from `tree` (default: the session's latest) and registers the result. */
  sync(tree: readonly ViewNode[] = this.#session.tree()): ToolDiff {
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
    return this.#registry.replaceSession(this.#session.id, tools);
  }
}
