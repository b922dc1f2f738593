import type { CallToolResult, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/server';
import type { AuthorizeRequest, Confirm } from '../registry/authorize.js';
import { Confirmer } from '../session/confirmer.js';
import type { Hub } from '../session/hub.js';
import { viewText } from '../session/screen-view.js';
import { APP_MIME, linkedToView, viewSessionOf, viewUri } from './app-view.js';
import { question } from './elicit-confirm.js';
import type { ToolNames } from './tool-names.js';
import { shortHash } from './tool-names.js';
import { ViewGuard } from './view-guard.js';
import { viewPage } from './view-page.js';
import { VIEW_ANSWER, VIEW_READ, type ViewToolKind, viewToolOf, viewTools } from './view-tools.js';

/** Where the view's state travels in a read's result: `_meta`, which hosts keep from the model. */
export const VIEW_STATE_KEY = 'ink-mcp/view';
/** How long a read given the version the view shows waits for a change before answering it unchanged. */
const WAIT_MS = 8_000;

/** What the view shows, as a read answers it. */
export interface ViewState {
  version: string;
  /** The screen as the person sees it (its rows and columns). */
  screen: string;
  /** The question open now, if any. */
  question?: { code: string; text: string; armed: boolean; position: number; total: number };
}

/**
 * The MCP App view of a connection whose client declared the UI extension: the `ui://<s>/screen`
 * page, the session tools linked to it, the two app-only tools, and the questions a call puts to the
 * person through the view (where the client has no elicitation). A connection whose client did not
 * declare the extension never reaches this object: what it lists is what it listed before.
 */
export class ConnectionView {
  readonly #hub: Hub;
  readonly #names: ToolNames;
  readonly #guard = new ViewGuard();
  readonly #questions = new Map<string, Confirmer>();
  /** The name each open question's call was shown under. */
  readonly #shownNames = new WeakMap<AuthorizeRequest, string>();
  readonly #waking = new Set<() => void>();
  #listed: { base: readonly Tool[]; tools: Tool[] } | undefined;
  #closed = false;

  constructor(options: { hub: Hub; names: ToolNames }) {
    this.#hub = options.hub;
    this.#names = options.names;
  }

  /** The connection's listing with each session tool linked to its view, and the view's own tools. */
  list(base: readonly Tool[]): Tool[] {
    if (this.#listed?.base === base) return this.#listed.tools;
    const linked = base.map((tool) => {
      const canonical = this.#names.canonicalOf(tool.name) ?? tool.name;
      const sessionId = canonical.slice(0, canonical.indexOf('.'));
      return this.#hub.hasSession(sessionId) ? linkedToView(tool, sessionId) : tool;
    });
    const own = this.#hub.sessions().flatMap((s) => viewTools(s.id, this.#names.lister));
    this.#listed = { base, tools: [...linked, ...own] };
    return this.#listed.tools;
  }

  /** One view resource per session. */
  resources(): Resource[] {
    return this.#hub.sessions().map((s) => ({
      uri: viewUri(s.id),
      name: `${s.id}-view`,
      title: `View of ${s.id}`,
      description: `The app of session "${s.id}" as the person sees it, with its questions: a view for MCP Apps hosts.`,
      mimeType: APP_MIME,
    }));
  }

  /** The view page of a session (a new key in each copy), or undefined for any other URI. */
  read(uri: string): ReadResourceResult | undefined {
    const sessionId = viewSessionOf(uri);
    if (sessionId === undefined || !this.#hub.hasSession(sessionId)) return undefined;
    const text = viewPage({
      sessionId,
      key: this.#guard.mintKey(sessionId),
      readTool: this.#names.listed(`${sessionId}.${VIEW_READ}`),
      answerTool: this.#names.listed(`${sessionId}.${VIEW_ANSWER}`),
    });
    return { contents: [{ uri, mimeType: APP_MIME, text, _meta: { ui: { prefersBorder: true } } }] };
  }

  /** Which view tool a called name means, if any. */
  toolOf(called: string): { sessionId: string; kind: ViewToolKind } | undefined {
    return viewToolOf(this.#names.canonicalOf(called) ?? called, this.#hub.hasSession);
  }

  /** A call of a view tool, answered; a call without the view's key is refused and changes nothing. */
  async call(
    tool: { sessionId: string; kind: ViewToolKind },
    args: Record<string, unknown> | undefined,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const { sessionId, kind } = tool;
    if (!this.#guard.knows(sessionId, args?.key)) {
      return refused(
        `ink-mcp: ${this.#names.listed(`${sessionId}.${kind === 'read' ? VIEW_READ : VIEW_ANSWER}`)} answers only the app view of session "${sessionId}" that this server gave the person (its page carries a key), and this call carried none it knows. A model cannot answer for the person: the person answers in the view.`,
      );
    }
    if (kind === 'answer') return this.#answer(sessionId, args?.question, args?.approve);
    const after = typeof args?.after === 'string' ? args.after : undefined;
    let state = this.#state(sessionId);
    // A commit that changed nothing shown (a spinner's off-screen state) wakes the wait, not the view.
    const until = Date.now() + WAIT_MS;
    while (after === state.version && !this.#closed && !signal.aborted && Date.now() < until) {
      await this.#changeOf(sessionId, signal, until - Date.now());
      state = this.#state(sessionId);
    }
    return {
      content: [{ type: 'text', text: `The view of session "${sessionId}" (version ${state.version}).` }],
      _meta: { [VIEW_STATE_KEY]: state },
    };
  }

  /**
   * Asks the person through the view: the question waits in the session's queue (one shown at a
   * time, armed after a moment, denied when nobody answers in time) until the view answers it.
   */
  confirmFor(shownName: string): Confirm {
    return (request, options) => {
      if (this.#closed) return Promise.resolve(false);
      this.#shownNames.set(request, shownName);
      return this.#board(request.sessionId).ask(request, options);
    };
  }

  /** Denies every open question and wakes every waiting read. */
  close(): void {
    this.#closed = true;
    for (const board of this.#questions.values()) board.close();
    this.#questions.clear();
    for (const wake of [...this.#waking]) wake();
    this.#guard.clear();
  }

  #board(sessionId: string): Confirmer {
    let board = this.#questions.get(sessionId);
    if (board === undefined) {
      board = new Confirmer();
      board.changes.subscribe((shown) => this.#guard.forget(sessionId, shown?.id));
      this.#questions.set(sessionId, board);
    }
    return board;
  }

  #answer(sessionId: string, code: unknown, approve: unknown): CallToolResult {
    if (typeof approve !== 'boolean')
      return refused('ink-mcp: approve must be true (allow) or false (deny).');
    const board = this.#questions.get(sessionId);
    const shown = board?.current();
    if (board === undefined || shown === undefined || !this.#guard.matches(sessionId, code)) {
      return refused(
        `ink-mcp: that question of session "${sessionId}" is not open: it was answered, withdrawn or timed out. Nothing ran.`,
      );
    }
    // The person's click is a key like the terminal's y: a question just shown is not yet armed.
    if (!board.keyPressed(shown.id)) {
      return refused(
        'ink-mcp: the question was shown a moment ago; read it, then answer again. Nothing ran.',
      );
    }
    this.#guard.spend(sessionId, code);
    board.answer(shown.id, approve);
    return {
      content: [
        { type: 'text', text: approve ? 'Approved: the call runs.' : 'Denied: the call does not run.' },
      ],
    };
  }

  #state(sessionId: string): ViewState {
    const session = this.#hub.session(sessionId);
    const view = session?.screenView();
    const screen = view === undefined ? '' : viewText(view);
    const shown = this.#questions.get(sessionId)?.current();
    const body: Omit<ViewState, 'version'> = { screen };
    if (shown !== undefined) {
      body.question = {
        code: this.#guard.codeFor(sessionId, shown.id),
        text: question(this.#shownNames.get(shown.request) ?? shown.request.tool, shown.request),
        armed: shown.armed,
        position: shown.position,
        total: shown.total,
      };
    }
    return { version: shortHash(JSON.stringify(body), 16), ...body };
  }

  /** Resolves on the session's next change or question, the signal, closing, or after `ms`. */
  #changeOf(sessionId: string, signal: AbortSignal, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const stops: (() => void)[] = [];
      const wake = () => {
        for (const stop of stops) stop();
        this.#waking.delete(wake);
        resolve();
      };
      this.#waking.add(wake);
      const timer = setTimeout(wake, ms);
      stops.push(() => clearTimeout(timer));
      const session = this.#hub.session(sessionId);
      if (session) stops.push(session.onChange(wake), session.onStop(wake));
      stops.push(this.#board(sessionId).changes.subscribe(wake));
      signal.addEventListener('abort', wake, { once: true });
      stops.push(() => signal.removeEventListener('abort', wake));
    });
  }
}

function refused(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
