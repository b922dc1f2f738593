/**
 * Bytes a change stream may have waiting to be sent before ink-mcp stops adding to it: over HTTP
 * the stream is then closed (src/server/web-bridge.ts), over stdio its change notifications are
 * held (below). One value for both, re-exported with the protocol's limits (src/server/limits.ts).
 */
export const MAX_STREAM_BACKLOG_BYTES = 1024 * 1024;

/** A stream written to: how much it holds unsent, and when it has sent it all. */
export interface Outlet {
  readonly writableLength?: number;
  once(event: 'drain', listener: () => void): unknown;
}

const CHANGE_METHODS = new Set([
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/prompts/list_changed',
]);

/**
 * A stdio client that stops reading its output: answers are still written (each answers a request
 * of its own, so they are as many as it asked), but change notifications are held, the latest of
 * each kind, resource and listen stream, and sent once it reads again. Each says only that
 * something changed, so one says what many would; what the server holds stays bounded by the
 * resources there are, not by how long the client sleeps.
 */
export class ChangeBacklog {
  readonly #out: Outlet;
  readonly #bound: number;
  readonly #onStall: ((bytes: number) => void) | undefined;
  readonly #owed = new Map<string, () => void>();

  constructor(out: Outlet, options: { bound?: number; onStall?: (bytes: number) => void } = {}) {
    this.#out = out;
    this.#bound = options.bound ?? MAX_STREAM_BACKLOG_BYTES;
    this.#onStall = options.onStall;
  }

  /**
   * Whether `message` is held back (then `send` is called once the output drains) rather than sent
   * now. `message` is read only while the output is over its bound: the common case parses nothing.
   */
  hold(message: () => unknown, send: () => void): boolean {
    const waiting = this.#out.writableLength ?? 0;
    if (this.#owed.size === 0 && waiting <= this.#bound) return false;
    const key = changeKey(message());
    if (key === undefined) return false;
    if (this.#owed.size === 0) {
      this.#onStall?.(waiting);
      this.#out.once('drain', () => this.#pay());
    }
    this.#owed.delete(key);
    this.#owed.set(key, send);
    return true;
  }

  /** How many notifications wait now (one per kind, resource and stream). */
  get held(): number {
    return this.#owed.size;
  }

  #pay(): void {
    const owed = [...this.#owed.values()];
    this.#owed.clear();
    for (const send of owed) send();
  }
}

/** What a change notification is about (kind, resource, listen stream); undefined for any other message. */
function changeKey(message: unknown): string | undefined {
  const m = message as {
    method?: unknown;
    id?: unknown;
    params?: { uri?: unknown; _meta?: Record<string, unknown> };
  };
  if (typeof m !== 'object' || m === null || m.id !== undefined || typeof m.method !== 'string')
    return undefined;
  if (!CHANGE_METHODS.has(m.method)) return undefined;
  return JSON.stringify([
    m.method,
    m.params?.uri,
    m.params?._meta?.['io.modelcontextprotocol/subscriptionId'],
  ]);
}

/** What stderr says when a stdio client stops reading (once per stall). */
export function stallNote(bytes: number): string {
  return `ink-mcp: the MCP client has not read the last ${bytes} bytes of its output; its change notifications are held (the latest of each) until it reads again.`;
}
