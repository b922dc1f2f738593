import type { ActionLine } from './actions-now.js';
import type { KnownView, ShownView } from './call-result.js';

/** A connection remembers this many sessions; past it, the one told about longest ago is forgotten. */
const MAX_SESSIONS = 64;

/** What one client was last told about one session. */
interface SessionTold {
  /** The actions available, by key (`widget.action`), as the lines showed them. */
  actions?: ReadonlyMap<string, string>;
  /** The screen (without the colour note) and the focus, as an answer showed them. */
  screen?: string;
  focus?: string | undefined;
}

/**
 * What a connection's answers last told its client about each session: an answer then says only
 * what changed since (issue #38 item 1). One per connection: a stateless 2026-07-28 HTTP request has
 * none, and its answers are whole. Forgetting is always safe: the next answer is whole again.
 */
export class Told {
  readonly #sessions = new Map<string, SessionTold>();
  /** An answer gave this client the colour rows' legend (it is not given twice). */
  #legend = false;

  /** The actions this client was last told of `sessionId`, if any. */
  actions(sessionId: string): ReadonlyMap<string, string> | undefined {
    return this.#sessions.get(sessionId)?.actions;
  }

  /**
   * Which parts of `view` this client's last answer about `sessionId` showed as they are. A screen
   * whose colours changed is news even when its text is not.
   */
  known(sessionId: string, view: ShownView): KnownView {
    const told = this.#sessions.get(sessionId);
    const legend = this.#legend;
    if (told?.screen === undefined) return { screen: false, focus: false, legend };
    return { screen: !view.news && told.screen === view.screen, focus: told.focus === view.focus, legend };
  }

  /** Records what an answer delivered: its actions, and the view it showed (if it showed one). */
  record(sessionId: string, actions: readonly ActionLine[] | undefined, view: ShownView | undefined): void {
    const entry = this.#sessions.get(sessionId) ?? {};
    // Re-inserted: the map's order is the order sessions were last told about.
    this.#sessions.delete(sessionId);
    if (actions !== undefined) entry.actions = new Map(actions.map((l) => [l.key, l.line]));
    if (view !== undefined) {
      entry.screen = view.screen;
      entry.focus = view.focus;
      if (view.rows) this.#legend = true;
    }
    this.#sessions.set(sessionId, entry);
    if (this.#sessions.size > MAX_SESSIONS)
      this.#sessions.delete(this.#sessions.keys().next().value as string);
  }
}
