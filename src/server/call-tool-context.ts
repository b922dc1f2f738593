import type { RequestId, Server } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import type { Hub } from '../session/hub.js';
import type { Logger } from '../util/logger.js';
import type { AnswerBlocks } from './call-result.js';
import type { Surface } from './stable-surface.js';
import type { Told } from './told.js';
import type { ToolNames } from './tool-names.js';

/** What every tools/call of one connection shares: made once, with the connection. */
export interface CallToolContext {
  hub: Hub;
  server: Server;
  /** A 2026-07-28 instance: each request names its caller (in its envelope), not an `initialize`. */
  modern: boolean;
  names: ToolNames;
  /** The server's own confirmation prompt; else the client is asked through elicitation (when it can be). */
  confirm: Confirm | undefined;
  includeScreen: boolean;
  blocks: AnswerBlocks;
  surface: Surface;
  logger: Logger;
  /**
   * What this connection's answers last told its client, so that an answer says what changed; none
   * (every answer whole) where there is no connection to remember by (a stateless HTTP request).
   */
  told?: Told;
  /** The names the connection lists now (for suggestions). */
  listedNames(): string[];
  /**
   * Tells the client, on this call's own stream, that its tool list changed (if it did), so the
   * notification arrives before the call's answer: a client that re-lists on it has the new tools
   * for its next step.
   */
  announceChanges(requestId: RequestId): Promise<void>;
}
