import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { viewText } from '../screen/screen-view.js';
import { type CoalesceOptions, coalesce } from '../session/coalesce.js';
import type { Session } from '../session/session.js';
import type { Logger } from '../util/logger.js';
import { type SecretNames, secretNameTest } from '../util/secret-names.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { ID_SOURCE } from '../walker/id-rule.js';
import { isId } from '../walker/ids.js';
import { type IsSecret, treeJson } from './tree-json.js';

export type ResourceKind = 'screen' | 'tree';

/** The screen takes `?offset=N`: the first line to show (0 is the top), as `screen.read {offset}`. */
const URI = new RegExp(`^ink://(${ID_SOURCE})/(?:(screen)(?:\\?offset=(0|[1-9]\\d{0,8}))?|(tree))$`);

export function resourceUri(sessionId: string, kind: ResourceKind): string {
  return `ink://${sessionId}/${kind}`;
}

/** `ink://<session>/screen[?offset=N]|tree` → its parts, or undefined for any other URI. */
export function parseResourceUri(
  uri: string,
): { sessionId: string; kind: ResourceKind; offset?: number } | undefined {
  const match = URI.exec(uri);
  if (!match) return undefined;
  const sessionId = match[1] as string;
  if (match[4] !== undefined) return { sessionId, kind: 'tree' };
  return match[3] === undefined
    ? { sessionId, kind: 'screen' }
    : { sessionId, kind: 'screen', offset: Number(match[3]) };
}

interface Tracked {
  session: Session;
  /** Stops listening to the session (no event). */
  dispose: () => void;
}

/**
 * The resources of every attached session: its screen (plain text) and its view tree (JSON). Tells
 * listeners which URIs changed (coalesced per session, like the tools) and when sessions came or went.
 */
export class SessionResources {
  readonly #sessions = new Map<string, Tracked>();
  readonly #updated: Subscribable<string>;
  readonly #listChanged: Subscribable<void>;
  readonly #coalesce: CoalesceOptions | undefined;
  readonly #isSecret: IsSecret;

  constructor(options: { coalesce?: CoalesceOptions; logger: Logger; secrets?: SecretNames }) {
    this.#coalesce = options.coalesce;
    this.#isSecret = secretNameTest(options.secrets);
    const report = (error: unknown) =>
      (options.logger.error ?? options.logger.warn)(
        `ink-mcp: a resource listener threw: ${errorText(error)}`,
      );
    this.#updated = new Subscribable(report);
    this.#listChanged = new Subscribable(report);
  }

  /** Serves the session's resources until the returned function is called or the session stops. */
  add(session: Session): () => void {
    if (!isId(session.id) || this.#sessions.has(session.id)) return () => {};
    const id = session.id;
    const notify = coalesce(() => {
      this.#updated.emit(resourceUri(id, 'screen'));
      this.#updated.emit(resourceUri(id, 'tree'));
    }, this.#coalesce);
    const unsubscribe = session.onChange(() => notify.trigger());
    const stopListener = session.onStop(() => remove());
    const dispose = () => {
      unsubscribe();
      stopListener();
      notify.cancel();
    };
    const remove = () => {
      if (this.#sessions.get(id)?.session !== session) return;
      dispose();
      this.#sessions.delete(id);
      this.#listChanged.emit();
    };
    this.#sessions.set(id, { session, dispose });
    this.#listChanged.emit();
    return remove;
  }

  has(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  /** Two resources per session, in attach order. */
  list(): Resource[] {
    return [...this.#sessions.keys()].flatMap((id) => [
      {
        uri: resourceUri(id, 'screen'),
        name: `${id}-screen`,
        title: `Screen of ${id}`,
        description: `What the app of session "${id}" shows now, as plain text.`,
        mimeType: 'text/plain',
      },
      {
        uri: resourceUri(id, 'tree'),
        name: `${id}-tree`,
        title: `View tree of ${id}`,
        description: `The view tree of session "${id}" as JSON: each node's type, id, attributes, children and the tools it offers.`,
        mimeType: 'application/json',
      },
    ]);
  }

  /** The resource's contents now, or undefined when no attached session has it. */
  read(uri: string, listedName: (canonical: string) => string): ReadResourceResult | undefined {
    const parsed = parseResourceUri(uri);
    const session = parsed && this.#sessions.get(parsed.sessionId)?.session;
    if (!parsed || !session) return undefined;
    if (parsed.kind === 'screen') {
      // What a person sees (the terminal's rows and columns), with a note line when something is cut.
      const view = session.screenView(parsed.offset);
      return { contents: [{ uri, mimeType: 'text/plain', text: view === undefined ? '' : viewText(view) }] };
    }
    const tree = treeJson(
      session.tree(),
      { sessionId: session.id, typeMap: session.typeMap, cache: session.deriveCache },
      listedName,
      this.#isSecret,
    );
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(tree, null, 2) }] };
  }

  /** Called with each URI whose contents may have changed (a burst of commits gives one call per URI). */
  onUpdated(listener: (uri: string) => void): () => void {
    return this.#updated.subscribe(listener);
  }

  /** Called when a session's resources appeared or went away. */
  onListChanged(listener: () => void): () => void {
    return this.#listChanged.subscribe(listener);
  }

  /** Stops serving every session (no list_changed: the connections are closing too). */
  close(): void {
    for (const tracked of this.#sessions.values()) tracked.dispose();
    this.#sessions.clear();
  }
}
