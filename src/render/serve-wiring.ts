import type { McpServerHandle } from '../server/create-mcp-server.js';
import type { Logger } from '../util/logger.js';
import type { SecretNames } from '../util/secret-names.js';
import type { Recorder } from './recorder.js';

/**
 * What a transport's file (serve-stdio.ts, serve-http.ts, serve-linked.ts) is handed by the
 * composition root (serve-app.ts): the server to connect, and the one way down to join.
 */
export interface ServeWiring {
  server: McpServerHandle;
  /** The first app's session id (the watch socket and the connection file are named for it). */
  session: string;
  logger: Logger;
  /** Names whose values are never shown (createMcpServer's `secrets`): a watcher sees them redacted. */
  secrets?: SecretNames;
  recorder: Recorder | undefined;
  /** Run once on the way down, in order, before the server closes. */
  cleanups: (() => void)[];
  /** The one way down (`calls`: queued calls are dropped unapplied, the running one may finish). */
  shutdown(calls: boolean): Promise<void>;
  /** The way down has begun. */
  isDown(): boolean;
}
