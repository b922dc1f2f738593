import { CleanSpecCache } from './clean-spec.js';
import { IdMemo, isActionName } from './ids.js';
import { toolName } from './tool-name.js';

/**
 * What a derivation remembers from one tree to the next, besides the tree: cleaned specs by content
 * (`CleanSpecCache`, with zod output schemas converted), the last id accepted (`IdMemo`) and the
 * tool names made (`ToolNameMemo`). Owned by whoever derives again and again (a session:
 * src/session/session.ts, `Session.deriveCache`) and passed in, so the walker holds no state of its
 * own: two sessions in one process share nothing, and a test starts from a fresh one. A derivation
 * given none makes its own, which serves that one call.
 */
export class DeriveCache {
  readonly specs = new CleanSpecCache();
  readonly ids = new IdMemo();
  readonly names = new ToolNameMemo();
}

/** Names `ToolNameMemo` keeps before it starts again (an app may make new ids or action names forever). */
const MAX_NAMES = 16_384;

/**
 * A widget action's tool name (`toolName`), the same string object each time it is derived, or
 * undefined when the action's name breaks the rule (`isActionName`). A commit re-derives a widget
 * under the names it had: a name kept was checked when it was made, so neither the rule's regex nor
 * the string's making runs again. A name made anew is a new string that each table it is looked up
 * in must flatten and hash again (~0.07 µs on Node 20, against ~0.005 for the string it got before:
 * bench/README.md, P1.tool); the string kept is hashed already.
 */
export class ToolNameMemo {
  #sessionId = '';
  #widgets = new Map<string, Map<string, string>>();
  #names = 0;

  name(sessionId: string, widgetId: string, action: unknown): string | undefined {
    if (sessionId !== this.#sessionId) {
      this.#sessionId = sessionId;
      this.#forget();
    }
    let actions = this.#widgets.get(widgetId);
    let name = typeof action === 'string' ? actions?.get(action) : undefined;
    if (name !== undefined) return name;
    if (!isActionName(action)) return undefined;
    if (this.#names >= MAX_NAMES) {
      this.#forget();
      actions = undefined;
    }
    if (actions === undefined) {
      actions = new Map();
      this.#widgets.set(widgetId, actions);
    }
    name = toolName(sessionId, widgetId, action);
    actions.set(action, name);
    this.#names++;
    return name;
  }

  /** How many names it keeps (for tests: never more than its bound). */
  get size(): number {
    return this.#names;
  }

  #forget(): void {
    this.#widgets.clear();
    this.#names = 0;
  }
}
