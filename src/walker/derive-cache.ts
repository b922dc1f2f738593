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

/** Widgets whose names `ToolNameMemo` keeps before it starts again (a few strings each). */
const MAX_WIDGETS = 4096;

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

  name(sessionId: string, widgetId: string, action: unknown): string | undefined {
    if (sessionId !== this.#sessionId) {
      this.#sessionId = sessionId;
      this.#widgets.clear();
    }
    let actions = this.#widgets.get(widgetId);
    let name = typeof action === 'string' ? actions?.get(action) : undefined;
    if (name !== undefined) return name;
    if (!isActionName(action)) return undefined;
    if (actions === undefined) {
      if (this.#widgets.size >= MAX_WIDGETS) this.#widgets.clear();
      actions = new Map();
      this.#widgets.set(widgetId, actions);
    }
    name = toolName(sessionId, widgetId, action);
    actions.set(action, name);
    return name;
  }
}
