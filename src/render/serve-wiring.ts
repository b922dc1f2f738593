import type { McpServerHandle } from '../server/create-mcp-server.js';
import type { ConfirmerOptions } from '../session/confirmer.js';
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

/** How agents reach the app. */
export type ServeIo =
  | {
      /** Headless: MCP on a byte stream, the app drawn in memory. */
      kind: 'stdio';
      /** @default process.stdin */
      input?: NodeJS.ReadableStream;
      /** @default the real stdout, claimed for the protocol alone (claim-stdout.ts) */
      output?: NodeJS.WritableStream;
      /** Resolves when the input has ended (the agent is gone): the app stops. @default its 'end' */
      ended?: Promise<void>;
      /** Whether the input may keep the process alive (only while an app runs). */
      hold?: (held: boolean) => void;
      /** The first render waits this long (at most) for the client's opening to be answered. */
      openingWaitMs?: number;
      /** Requests that need the app wait for this too, after its first render (the preload's adapters). */
      before?: () => Promise<unknown>;
      /**
       * Let the person watch (`ink-mcp watch`): a socket and a connection file in `dir`. `false`, or
       * `INK_MCP_WATCH=0` in the environment, offers none. @default { dir: connectionDir() }
       */
      watch?: { dir?: string } | false;
    }
  | {
      /** Attached: the person's terminal, MCP over Streamable HTTP on loopback. */
      kind: 'http';
      port?: number;
      host?: string;
      /** @default connectionDir() (connection-info.ts); `false` writes no file */
      connectionDir?: string | false;
      /** Where the connection is told (never stdout, never the UI). @default process.stderr */
      stderr?: NodeJS.WriteStream;
      confirm?: ConfirmerOptions;
    }
  /** A transport the caller links (renderHeadless: in memory, to its own client). */
  | { kind: 'transport'; transport: Parameters<McpServerHandle['connect']>[0] };
