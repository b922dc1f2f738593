import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** How much an HTTP server keeps for clients that reconnect with `Last-Event-ID`. */
export interface EventStoreLimits {
  /** Events kept per SSE stream (a call's POST stream, or a session's GET stream); older ones go first. */
  perStream: number;
  /** Events kept by the whole server, all sessions together. */
  events: number;
  /** Bytes (UTF-8 JSON of the messages) kept by the whole server. */
  bytes: number;
}

/**
 * A call's POST stream carries a priming event, an elicitation or two and the answer; a GET stream
 * carries list-changed notices, which a client re-reads anyway. 4096 events and 4 MiB hold the answers
 * of a few thousand calls with their screens: enough for any client that reconnects within seconds.
 */
export const EVENT_STORE_LIMITS: EventStoreLimits = { perStream: 64, events: 4096, bytes: 4 * 1024 * 1024 };

/**
 * The `retry` field (ms) sent with each priming event: how long a client waits before it reconnects
 * to a stream the server closed. The SDK client's own first back-off is 1 s too.
 */
export const SSE_RETRY_MS = 1000;

interface Entry {
  readonly owner: SessionEvents;
  readonly streamId: string;
  readonly id: string;
  readonly seq: number;
  readonly message: JSONRPCMessage;
  readonly bytes: number;
}

/**
 * The events of one HTTP server, within one budget (oldest evicted first). Each MCP session stores
 * through its own {@link SessionEvents}, so a client can only ever replay its own session's events.
 */
export class ServerEvents {
  readonly limits: EventStoreLimits;
  /** Every kept event, oldest first (a Set keeps insertion order and deletes in O(1)). */
  readonly #entries = new Set<Entry>();
  #bytes = 0;

  constructor(limits: EventStoreLimits = EVENT_STORE_LIMITS) {
    this.limits = limits;
  }

  /** A session's own store, for its SDK transport. */
  session(): SessionEvents {
    return new SessionEvents(this);
  }

  get size(): { events: number; bytes: number } {
    return { events: this.#entries.size, bytes: this.#bytes };
  }

  /** @internal */
  keep(entry: Entry): void {
    // One message over the whole budget would evict everything else and then itself.
    if (entry.bytes > this.limits.bytes) {
      entry.owner.forget(entry);
      return;
    }
    this.#entries.add(entry);
    this.#bytes += entry.bytes;
    while (this.#entries.size > this.limits.events || this.#bytes > this.limits.bytes) {
      const oldest = this.#entries.values().next().value as Entry;
      this.drop(oldest);
      oldest.owner.forget(oldest);
    }
  }

  /** @internal */
  drop(entry: Entry): void {
    if (this.#entries.delete(entry)) this.#bytes -= entry.bytes;
  }
}

/**
 * One MCP session's events, as the SDK transport stores and replays them. Event ids are the
 * session's sequence numbers, so an id the session sent but no longer keeps can be told apart from
 * one it never sent.
 */
export class SessionEvents implements EventStore {
  readonly #server: ServerEvents;
  readonly #byId = new Map<string, Entry>();
  /** Each stream's kept events, oldest first, and whether it began with a priming event (a call's POST stream). */
  readonly #streams = new Map<string, { entries: Entry[]; primed: boolean }>();
  #seq = 0;
  #cleared = false;

  constructor(server: ServerEvents) {
    this.#server = server;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = ++this.#seq;
    const id = String(seq);
    const bytes = Buffer.byteLength(JSON.stringify(message));
    const entry: Entry = { owner: this, streamId, id, seq, message, bytes };
    // A late send of a session that has ended: nobody can resume it any more.
    if (this.#cleared) return id;
    let stream = this.#streams.get(streamId);
    if (!stream) {
      // The transport primes only the streams of POST requests (its GET stream starts with a message).
      stream = { entries: [], primed: !('jsonrpc' in message) };
      this.#streams.set(streamId, stream);
    }
    stream.entries.push(entry);
    this.#byId.set(id, entry);
    if (stream.entries.length > this.#server.limits.perStream) {
      const oldest = stream.entries[0] as Entry;
      this.#server.drop(oldest);
      this.forget(oldest);
    }
    this.#server.keep(entry);
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.#byId.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = this.#byId.get(lastEventId);
    if (!last) throw new Error(`ink-mcp: ${this.missing(lastEventId) ?? 'the event is gone'}`);
    // A copy: `send` awaits, and new events may arrive on the stream meanwhile (the transport sends those).
    for (const entry of [...(this.#streams.get(last.streamId)?.entries ?? [])]) {
      // Priming events (`{}`) only carry an id: there is nothing in them to deliver again.
      if (entry.seq > last.seq && 'jsonrpc' in entry.message) await send(entry.id, entry.message);
    }
    return last.streamId;
  }

  /**
   * Whether the stream of `eventId` holds the answer (a result or an error) to each of `requestIds`:
   * then, written in one go with them, its priming event gives the client nothing to resume from.
   */
  answered(eventId: string, requestIds: readonly (string | number)[]): boolean {
    const entry = this.#byId.get(eventId);
    const entries = entry === undefined ? undefined : this.#streams.get(entry.streamId)?.entries;
    if (entries === undefined) return false;
    return requestIds.every((id) =>
      entries.some(
        ({ message }) => 'id' in message && message.id === id && ('result' in message || 'error' in message),
      ),
    );
  }

  /** Whether `eventId` belongs to a call's (POST) stream rather than the session's GET stream. */
  isCallStream(eventId: string): boolean {
    const entry = this.#byId.get(eventId);
    return entry !== undefined && this.#streams.get(entry.streamId)?.primed === true;
  }

  /** Why a client cannot resume after `eventId` (a sentence), or undefined when it can. */
  missing(eventId: string): string | undefined {
    if (this.#byId.has(eventId)) return undefined;
    const { perStream, events, bytes } = this.#server.limits;
    if (/^[1-9]\d*$/.test(eventId) && Number(eventId) <= this.#seq) {
      return (
        `the event ${eventId} is no longer kept (the server keeps the last ${perStream} events of a ` +
        `stream and ${events} events or ${bytes} bytes in all), so what followed it cannot be replayed. ` +
        'Reconnect without Last-Event-ID; a call whose answer was lost can be made again.'
      );
    }
    return `${JSON.stringify(eventId.slice(0, 80))} is not the id of an event this session sent. Reconnect without Last-Event-ID.`;
  }

  /** The session ended: its events are of no use to anyone. */
  clear(): void {
    this.#cleared = true;
    for (const entry of this.#byId.values()) this.#server.drop(entry);
    this.#byId.clear();
    this.#streams.clear();
  }

  /** @internal The server evicted `entry` (or never kept it). */
  forget(entry: Entry): void {
    this.#byId.delete(entry.id);
    const stream = this.#streams.get(entry.streamId);
    if (!stream) return;
    const at = stream.entries.indexOf(entry);
    if (at >= 0) stream.entries.splice(at, 1);
    if (stream.entries.length === 0) this.#streams.delete(entry.streamId);
  }
}
