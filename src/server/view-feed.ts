import type { Hub } from '../session/hub.js';
import type { Session } from '../session/session.js';
import { type Feed, type FeedMessage, openFeed } from '../session/watch-feed.js';
import { type PageMessage, pageMessage } from '../session/watch-page.js';
import { Subscribable } from '../util/subscribable.js';

/** How many of the latest calls a view is sent (its timeline). */
const MAX_CALLS = 30;

/**
 * A chat view's watch of one session: the watcher's feed (src/session/watch-feed.ts, the same as
 * `ink-mcp watch` gets), kept as what the page shows now — the latest screen, state and notice, and
 * the latest calls — so a view that reads gets it whole, and one that waits hears when it moves.
 */
export class ViewFeed {
  /** Every message of the feed (after it is kept). */
  readonly changes = new Subscribable<void>();
  readonly #feed: Feed;
  #welcome: PageMessage | undefined;
  #state: PageMessage | undefined;
  #screen: PageMessage | undefined;
  #notice: PageMessage | undefined;
  /** By `seq` and phase: the page merges a call's asked and answered messages. */
  readonly #calls = new Map<string, PageMessage>();
  #gone = false;
  #version = 0;
  /** Notices the feed sends while a command runs: that command's answer. */
  #heard: string[] | undefined;

  constructor(hub: Hub, session: Session, name: string) {
    this.#feed = openFeed(hub, session, name, (message) => this.#keep(message));
  }

  /** Moves with every message: equal versions, the same page. */
  get version(): number {
    return this.#version;
  }

  get gone(): boolean {
    return this.#gone;
  }

  /** What the page shows now, as the messages that draw it (calls oldest first). */
  messages(): PageMessage[] {
    const parts = [this.#welcome, this.#screen, this.#state, ...this.#calls.values(), this.#notice];
    const out = parts.filter((m): m is PageMessage => m !== undefined);
    return this.#gone ? [...out, { type: 'gone' }] : out;
  }

  /** Answers the open question `questionId` for the person; the feed's notice when it did not count. */
  answer(questionId: number, approve: boolean): string | undefined {
    const heard: string[] = [];
    this.#heard = heard;
    try {
      this.#feed.command({ type: 'answer', question: questionId, approve });
    } finally {
      this.#heard = undefined;
    }
    return heard[0];
  }

  close(): void {
    this.#feed.close();
    this.changes.clear();
  }

  #keep(message: FeedMessage): void {
    const shown = pageMessage(message);
    switch (shown.type) {
      case 'welcome':
        this.#welcome = shown;
        break;
      case 'screen':
        this.#screen = shown;
        break;
      case 'state':
        this.#state = shown;
        break;
      case 'notice':
        this.#heard?.push(shown.text);
        this.#notice = shown;
        break;
      case 'call': {
        this.#calls.set(`${shown.seq}:${shown.phase}`, shown);
        if (this.#calls.size > 2 * MAX_CALLS) this.#calls.delete(this.#calls.keys().next().value as string);
        break;
      }
      case 'gone':
        this.#gone = true;
        break;
      default:
        return;
    }
    this.#version++;
    this.changes.emit();
  }
}
