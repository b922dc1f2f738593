import type { CallToolResult, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import { screenHtml } from '../screen/screen-html.js';
import type { Hub } from '../session/hub.js';
import type { Watcher } from '../session/person-channel.js';
import type { Session } from '../session/session.js';
import { APP_MIME } from '../util/ui-extension.js';
import { sessionOf, sessionToolName } from '../walker/tool-name.js';
import { linkedToView, viewSessionOf, viewUri } from './app-view.js';
import { question } from './elicit-confirm.js';
import { shortHash, type ToolNames } from './tool-names.js';
import { ViewGuard } from './view-guard.js';
import { viewPage } from './view-page.js';
import { VIEW_ANSWER, VIEW_READ, type ViewToolKind, viewToolOf, viewTools } from './view-tools.js';

/** Where the view's state travels in a read's result: `_meta`, which hosts keep from the model. */
export const VIEW_STATE_KEY = 'ink-mcp/view';
/** How long a read given the version the view shows waits for a change before answering it unchanged. */
const WAIT_MS = 8_000;
/** A view that has not read for this long is gone (closed, scrolled away): it stops watching. */
const GONE_AFTER_MS = 3 * WAIT_MS;
/** How long a question waits for the client's view to open (the host renders it as the call starts). */
const OPENING_MS = 10_000;
/** The name a view watches a session under (`PersonChannel.join`). */
const WATCHER_NAME = 'chat view';

/** What the view shows, as a read answers it. */
export interface ViewState {
  /** Changes exactly when what the view shows changes. */
  version: string;
  /** The screen as the person sees it, colours and focus, as HTML (src/screen/screen-html.ts). */
  screen: string;
  /** The question open now, if any, with the one-time code that answers it. */
  question?: { code: string; text: string; armed: boolean; position: number; total: number };
  /** The person paused the agent (from another watcher). */
  paused: boolean;
  /** The watcher holding the app's keyboard, if one does. */
  typing: string | undefined;
}

/** A view watching a session: its handle on the person channel, until it stops reading. */
interface Watching {
  watcher: Watcher;
  gone: NodeJS.Timeout;
}

/**
 * The MCP App view of a connection whose client declared the UI extension: the `ui://<s>/screen`
 * page, the session tools linked to it, and the two app-only tools. A view that reads joins the
 * session's person channel (src/session/person-channel.ts) as a watcher, so the questions of calls
 * whose client cannot ask show in it, by the attached y/N's rules. A connection whose client did not
 * declare the extension never reaches this object: what it lists is what it listed before.
 */
export class ConnectionView {
  readonly #hub: Hub;
  readonly #names: ToolNames;
  readonly #guard = new ViewGuard();
  /** Per session, this connection's view watching it. */
  readonly #watching = new Map<string, Watching>();
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
      const sessionId = sessionOf(this.#names.canonicalOf(tool.name) ?? tool.name);
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
      readTool: this.#names.listed(sessionToolName(sessionId, VIEW_READ)),
      answerTool: this.#names.listed(sessionToolName(sessionId, VIEW_ANSWER)),
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
    const session = this.#hub.session(sessionId);
    if (session === undefined || !this.#guard.knows(sessionId, args?.key)) {
      const name = this.#names.listed(sessionToolName(sessionId, kind === 'read' ? VIEW_READ : VIEW_ANSWER));
      return refused(
        `ink-mcp: ${name} answers only the app view of session "${sessionId}" that this server gave the person (its page carries a key), and this call carried none it knows. A model cannot answer for the person: the person answers in the view.`,
      );
    }
    const watcher = this.#watch(session);
    if (kind === 'answer') return this.#answer(session, watcher, args?.question, args?.approve);
    const after = typeof args?.after === 'string' ? args.after : undefined;
    let state = this.#state(session);
    // A commit that changed nothing shown (a spinner's off-screen state) wakes the wait, not the view.
    const until = Date.now() + WAIT_MS;
    while (after === state.version && !this.#closed && !signal.aborted && Date.now() < until) {
      await this.#changeOf(session, signal, until - Date.now());
      state = this.#state(session);
    }
    return {
      content: [{ type: 'text', text: `The view of session "${sessionId}" (version ${state.version}).` }],
      _meta: { [VIEW_STATE_KEY]: state },
    };
  }

  /**
   * Asks the person watching the session; when no one watches yet, first gives this connection's view
   * a moment to open (a host renders it as the call starts, so a first call's question would
   * otherwise find nobody). Still nobody: today's refusal.
   */
  readonly confirm: Confirm = async (request, options) => {
    const session = this.#hub.session(request.sessionId);
    if (session === undefined) return { unanswered: 'no_one' };
    if (session.person.state().watchers === 0 && !this.#closed) {
      await waitFor(session.person.changes, (state) => state.watchers > 0, OPENING_MS, options?.signal);
    }
    return session.person.ask(request, options);
  };

  /** Stops watching every session and wakes every waiting read. */
  close(): void {
    this.#closed = true;
    for (const sessionId of [...this.#watching.keys()]) this.#unwatch(sessionId);
    for (const wake of [...this.#waking]) wake();
    this.#guard.clear();
  }

  /** This connection's watcher of `session`, joined on the view's first read, kept while it reads. */
  #watch(session: Session): Watcher {
    const known = this.#watching.get(session.id);
    if (known) {
      known.gone.refresh();
      return known.watcher;
    }
    const watcher = session.person.join(WATCHER_NAME);
    const gone = setTimeout(() => this.#unwatch(session.id), GONE_AFTER_MS);
    gone.unref?.();
    this.#watching.set(session.id, { watcher, gone });
    return watcher;
  }

  #unwatch(sessionId: string): void {
    const watching = this.#watching.get(sessionId);
    if (!watching) return;
    this.#watching.delete(sessionId);
    clearTimeout(watching.gone);
    watching.watcher.leave();
  }

  #answer(session: Session, watcher: Watcher, code: unknown, approve: unknown): CallToolResult {
    if (typeof approve !== 'boolean')
      return refused('ink-mcp: approve must be true (allow) or false (deny). Nothing ran.');
    const shown = session.person.state().question;
    const notOpen = () =>
      refused(
        `ink-mcp: that question of session "${session.id}" is not open: it was answered, withdrawn or timed out. Nothing ran.`,
      );
    if (shown === undefined || !this.#guard.matches(session.id, code)) return notOpen();
    // The person's click is a key like the terminal's y: a question just shown is not yet armed.
    const answered = watcher.answer(shown.id, approve);
    if (answered === 'not_armed')
      return refused(
        'ink-mcp: the question was shown a moment ago; read it, then answer again. Nothing ran.',
      );
    this.#guard.spend(session.id, code);
    if (answered === 'not_open') return notOpen();
    return {
      content: [
        { type: 'text', text: approve ? 'Approved: the call runs.' : 'Denied: the call does not run.' },
      ],
    };
  }

  #state(session: Session): ViewState {
    const picture = session.screenPicture('person');
    const screen = picture === undefined ? '' : screenHtml({ ...picture, focus: session.focus?.() });
    const person = session.person.state();
    const shown = person.question;
    this.#guard.forget(session.id, shown?.id);
    const body: Omit<ViewState, 'version'> = { screen, paused: person.paused, typing: person.typing };
    if (shown !== undefined) {
      body.question = {
        code: this.#guard.codeFor(session.id, shown.id),
        // The same words as elicitation: the tool, where, and the arguments whole, escaped.
        text: question(shown.request.tool, shown.request),
        armed: shown.armed,
        position: shown.position,
        total: shown.total,
      };
    }
    const version = shortHash(JSON.stringify(body), 16);
    return { version, ...body };
  }

  /** Resolves on the session's next change or its person's, the signal, closing, or after `ms`. */
  #changeOf(session: Session, signal: AbortSignal, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const stops: (() => void)[] = [];
      const wake = () => {
        for (const stop of stops) stop();
        this.#waking.delete(wake);
        resolve();
      };
      this.#waking.add(wake);
      const timer = setTimeout(wake, ms);
      timer.unref?.();
      stops.push(
        () => clearTimeout(timer),
        session.onChange(wake),
        session.onStop(wake),
        session.person.changes.subscribe(wake),
      );
      signal.addEventListener('abort', wake, { once: true });
      stops.push(() => signal.removeEventListener('abort', wake));
    });
  }
}

function refused(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Resolves once `changes` emits a value that `holds`, after `ms`, or when `signal` aborts. */
function waitFor<T>(
  changes: { subscribe(listener: (value: T) => void): () => void },
  holds: (value: T) => boolean,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref?.();
    const off = changes.subscribe((value) => {
      if (holds(value)) done();
    });
    signal?.addEventListener('abort', done, { once: true });
  });
}
