import type { Logger } from '../util/logger.js';
import { errorText } from '../util/text.js';

/** What a client is told changed: its tool list, the resource list, or one resource (its URI). */
export type Notice = 'tools' | 'resources' | (string & {});

export interface NotifierOptions {
  send(notice: Notice): Promise<void>;
  /** The registry's version now: equal versions mean an equal tool list. */
  toolsVersion(): number;
  logger: Logger;
  /** Streamable HTTP: notifications reach the client only while its GET stream is open. */
  awaitsStream: boolean;
}

/**
 * Decides when one connection's notifications go out. Nothing before the client's `initialized` (it
 * could overtake the initialize answer, and the client has nothing stale yet); no tools list_changed
 * when the client's list is current; and, over HTTP, what arrives while no GET stream is open is kept
 * and sent once one opens (a notification with no stream to carry it is dropped by the transport).
 */
export class Notifier {
  readonly #o: NotifierOptions;
  #initialized = false;
  #streamOpen: boolean;
  #closed = false;
  /** The registry version the client's view of the tools rests on (initialize, a listing, a notification). */
  #toolsVersion = -1;
  readonly #missed = new Set<Notice>();

  constructor(options: NotifierOptions) {
    this.#o = options;
    this.#streamOpen = !options.awaitsStream;
  }

  /** Whatever changed before now, the client's first listing will show. */
  initialized(): void {
    this.#initialized = true;
    this.#toolsVersion = this.#o.toolsVersion();
  }

  /** The client received the tool list of this registry version. */
  listed(version: number): void {
    this.#toolsVersion = version;
  }

  notify(notice: Notice): void {
    if (this.#closed || !this.#initialized) return;
    const version = this.#o.toolsVersion();
    if (notice === 'tools' && version === this.#toolsVersion) return;
    if (!this.#streamOpen) {
      this.#missed.add(notice);
      return;
    }
    if (notice === 'tools') this.#toolsVersion = version;
    this.#o.send(notice).catch((error: unknown) => {
      if (!this.#closed)
        this.#o.logger.info?.(`ink-mcp: a notification was not delivered: ${errorText(error)}`);
    });
  }

  /**
   * Tells the client now, with `send`, that its tool list changed, if it did since the client last
   * heard: before a call's answer, on the call's own stream (so no open GET stream is needed).
   */
  toolsNow(send: () => Promise<void>): Promise<void> {
    if (this.#closed || !this.#initialized) return Promise.resolve();
    const version = this.#o.toolsVersion();
    if (version === this.#toolsVersion) return Promise.resolve();
    this.#toolsVersion = version;
    this.#missed.delete('tools');
    return send().catch((error: unknown) => {
      if (!this.#closed)
        this.#o.logger.info?.(`ink-mcp: a notification was not delivered: ${errorText(error)}`);
    });
  }

  /** The client's GET stream opened: what it missed is sent now. */
  streamOpened(): void {
    this.#streamOpen = true;
    const missed = [...this.#missed];
    this.#missed.clear();
    for (const notice of missed) this.notify(notice);
  }

  streamClosed(): void {
    this.#streamOpen = false;
  }

  close(): void {
    this.#closed = true;
    this.#missed.clear();
  }
}
