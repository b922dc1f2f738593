import type { Hub } from '../session/hub.js';
import { KEYBOARD_PRESS, SCREEN_SCREENSHOT, stableCatalog } from '../walker/builtin-catalog.js';
import { isId } from '../walker/ids.js';
import { sessionToolName } from '../walker/tool-name.js';
import type { JsonObject, ToolAnnotations } from '../walker/types.js';

/**
 * Which tools a server lists. `'stable'` (the default): every session's built-ins and one `act` tool
 * that performs any widget action on screen (`<session>.act {widget, action, args}`); the list changes
 * only when a session or a server-level tool comes or goes, never because a call changed the screen.
 * Agent frameworks read the tool list once per run (AI SDK, Mastra, LangChain), and MCP 2026-07-28
 * (SEP-2567) asks that a list not change as a side effect of a call. `'widgets'`: a tool per widget
 * action, coming and going with the widgets (the seed's surface). Both reach the same actions by the
 * same rules.
 */
export type Surface = 'stable' | 'widgets';

/** What a listing shows of a tool. */
export interface ListedTool {
  name: string;
  description: string | null;
  inputSchema: JsonObject;
  annotations: ToolAnnotations;
  outputSchema?: JsonObject;
}

/**
 * The stable listing of a server: its server-level tools, then per session the built-ins (when the
 * session has them) and `act`. Its version moves only when that set moves, which is what a client's
 * cached list and `list_changed` rest on. Entries are made once per session, so an unchanged
 * listing is the same objects.
 */
export class StableListing {
  #key = '';
  #version = 0;
  #tools: readonly ListedTool[] = [];
  readonly #entries = new Map<string, ListedTool[]>();

  current(hub: Hub): { version: number; tools: readonly ListedTool[] } {
    const statics = hub.registry.statics();
    // Which built-ins a session has is read from what it registered (its options are the app's).
    // A session whose id the id rule refuses has no tools (it is logged once, at derive time): its
    // `act` would name no tool anyone could call, so none is listed.
    const sessions = hub
      .sessions()
      .filter((s) => isId(s.id))
      .map((s) => ({
        id: s.id,
        builtins: hub.registry.get(sessionToolName(s.id, KEYBOARD_PRESS.name)) !== undefined,
        screenshots: hub.registry.get(sessionToolName(s.id, SCREEN_SCREENSHOT.name)) !== undefined,
      }));
    const key = `${statics.map((t) => t.name).join(' ')}|${sessions.map(sessionKey).join(' ')}`;
    if (key !== this.#key) {
      this.#key = key;
      this.#version++;
      this.#tools = [...statics, ...sessions.flatMap((s) => this.#sessionTools(s))];
    }
    return { version: this.#version, tools: this.#tools };
  }

  #sessionTools(session: SessionBuiltins): ListedTool[] {
    const key = sessionKey(session);
    let tools = this.#entries.get(key);
    if (tools === undefined) {
      const { id } = session;
      tools = stableCatalog(session.builtins, session.screenshots).map((e) => ({
        name: sessionToolName(id, e.name),
        description: e.description,
        inputSchema: e.inputSchema,
        annotations: e.annotations,
      }));
      // Bounded: a server that saw many sessions come and go forgets the old ones' entries.
      if (this.#entries.size > 256) this.#entries.clear();
      this.#entries.set(key, tools);
    }
    return tools;
  }
}

interface SessionBuiltins {
  id: string;
  builtins: boolean;
  screenshots: boolean;
}

/** `id+` with the built-ins, `id+s` with screenshots too, `id-` without (ids never hold `+`). */
function sessionKey(s: SessionBuiltins): string {
  if (!s.builtins) return `${s.id}-`;
  return s.screenshots ? `${s.id}+s` : `${s.id}+`;
}
