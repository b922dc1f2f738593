import type { CallToolResult, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import { type Hub, personConfirm } from '../session/hub.js';
import type { Session } from '../session/session.js';
import type { PageMessage } from '../session/watch-page.js';
import { APP_MIME } from '../util/ui-extension.js';
import { sessionOf, sessionToolName } from '../walker/tool-name.js';
import { linkedToView, viewSessionOf, viewUri } from './app-view.js';
import { shortHash, type ToolNames } from './tool-names.js';
import { ViewFeed } from './view-feed.js';
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

/** What a read answers the view (in the result's `_meta`). */
export interface ViewState {
  /** Changes exactly when what the view shows changes. */
  version: string;
  /** The watcher's page messages that draw the view now (src/session/watch-page.ts). */
  messages: PageMessage[];
  /** The question open now, with the one-time code that answers it. */
  question?: { id: number; code: string };
}

/** A view watching a session: its feed, until it stops reading. */
interface Watching {
  feed: ViewFeed;
  gone: NodeJS.Timeout;
}

/**
 * The MCP App view of a connection whose client declared the UI extension: the `ui://<s>/screen`
 * page, the session tools linked to it, and the two app-only tools. A view that reads watches the
 * session as `ink-mcp watch` does (its feed joins the session's person channel), so the questions of
 * calls whose client cannot ask show in it, by the attached y/N's rules. A connection whose client did not
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
    if (session === undefined || !this.#guard.knows(sessionId, args?.viewToken)) {
      const name = this.#names.listed(sessionToolName(sessionId, kind === 'read' ? VIEW_READ : VIEW_ANSWER));
      return refused(
        `ink-mcp: ${name} answers only the app view of session "${sessionId}" that this server gave the person (its page carries a key), and this call carried none it knows. A model cannot answer for the person: the person answers in the view.`,
      );
    }
    const watching = this.#watch(session);
    if (kind === 'answer') return this.#answer(session, watching.feed, args?.questionToken, args?.approve);
    const after = typeof args?.after === 'string' ? args.after : undefined;
    // Waits for a change when the view shows the latest (bounded: the host's request must not time out).
    const until = Date.now() + WAIT_MS;
    while (
      after === this.#version(session.id, watching.feed) &&
      !this.#closed &&
      !watching.feed.gone &&
      !signal.aborted &&
      Date.now() < until
    ) {
      await this.#changeOf(watching.feed, signal, until - Date.now());
    }
    const state: ViewState = {
      version: this.#version(session.id, watching.feed),
      messages: watching.feed.messages(),
    };
    const shown = session.person.state().question;
    if (shown !== undefined)
      state.question = { id: shown.id, code: this.#guard.codeFor(session.id, shown.id) };
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
  readonly confirm: Confirm = personConfirm(async (request, options) => {
    const session = this.#hub.session(request.sessionId);
    if (session === undefined) return { unanswered: 'no_one' };
    if (session.person.state().watchers === 0 && !this.#closed) {
      await waitFor(session.person.changes, (state) => state.watchers > 0, OPENING_MS, options?.signal);
    }
    return session.person.ask(request, options);
  });

  /** Stops watching every session and wakes every waiting read. */
  close(): void {
    this.#closed = true;
    for (const sessionId of [...this.#watching.keys()]) this.#unwatch(sessionId);
    for (const wake of [...this.#waking]) wake();
    this.#guard.clear();
  }

  /** This connection's watch of `session`, opened on the view's first read, kept while it reads. */
  #watch(session: Session): Watching {
    const known = this.#watching.get(session.id);
    if (known && !known.feed.gone) {
      known.gone.refresh();
      return known;
    }
    if (known) this.#unwatch(session.id);
    const feed = new ViewFeed(this.#hub, session, WATCHER_NAME);
    const gone = setTimeout(() => this.#unwatch(session.id), GONE_AFTER_MS);
    gone.unref?.();
    const watching = { feed, gone };
    this.#watching.set(session.id, watching);
    return watching;
  }

  #unwatch(sessionId: string): void {
    const watching = this.#watching.get(sessionId);
    if (!watching) return;
    this.#watching.delete(sessionId);
    clearTimeout(watching.gone);
    watching.feed.close();
  }

  #answer(session: Session, feed: ViewFeed, code: unknown, approve: unknown): CallToolResult {
    if (typeof approve !== 'boolean')
      return refused('ink-mcp: approve must be true (allow) or false (deny). Nothing ran.');
    const shown = session.person.state().question;
    if (shown === undefined || !this.#guard.matches(session.id, shown.id, code)) {
      return refused(
        `ink-mcp: that question of session "${session.id}" is not open: it was answered, withdrawn or timed out. Nothing ran.`,
      );
    }
    // The person's click is a key like the terminal's y: a question just shown is not yet armed.
    const refusal = feed.answer(shown.id, approve);
    if (refusal !== undefined) return refused(`ink-mcp: ${refusal} Nothing ran.`);
    this.#guard.spend(session.id, shown.id);
    return {
      content: [
        { type: 'text', text: approve ? 'Approved: the call runs.' : 'Denied: the call does not run.' },
      ],
    };
  }

  /** The view's version: the feed's, and which question is open (its code is the view's alone). */
  #version(sessionId: string, feed: ViewFeed): string {
    const open = this.#hub.session(sessionId)?.person.state().question?.id;
    return shortHash(`${feed.version}:${open ?? ''}`, 16);
  }

  /** Resolves on the feed's next message, the signal, closing, or after `ms`. */
  #changeOf(feed: ViewFeed, signal: AbortSignal, ms: number): Promise<void> {
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
      stops.push(() => clearTimeout(timer), feed.changes.subscribe(wake));
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
