/**
 * How much one client can make the server hold. Each is named in the README ("Security model") with
 * the error a client gets when it reaches it.
 */

/** Resources one connection may be subscribed to at once (re-subscribing to one it holds is free). */
export const MAX_SUBSCRIPTIONS = 1_000;

/**
 * URIs one 2026-07-28 `subscriptions/listen` filter may name (`resourceSubscriptions`): as many as a
 * 2025-era connection may subscribe to. The SDK keeps each filter for the stream's life and scans it
 * for every update (40 listens of 180,000 URIs held 600 MB and took seconds a call).
 */
export const MAX_LISTEN_URIS = MAX_SUBSCRIPTIONS;

/** Characters of one URI in a listen filter (ink-mcp's own, `ink://<session>/screen?offset=N`, are far shorter). */
export const MAX_LISTEN_URI_CHARS = 2_048;

/** 2026-07-28 `subscriptions/listen` streams one Streamable HTTP server keeps open at once. */
export const MAX_LISTENS = 100;

/**
 * Bytes a change stream (a 2026-07-28 listen stream, a 2025-era GET stream) may have waiting to be
 * sent: over HTTP a client that stops reading is dropped when its stream reaches it (the client may
 * listen again), so what the server holds for it stays bounded (at most MAX_LISTENS × this for
 * listens); over stdio its change notifications are held instead. Its home is with the stdio rule,
 * in the lowest layer, which the launcher's relay shares.
 */
export { MAX_STREAM_BACKLOG_BYTES } from '../util/change-backlog.js';

/** MCP sessions one Streamable HTTP server keeps at once, unless `maxHttpSessions` says otherwise. */
export const DEFAULT_MAX_HTTP_SESSIONS = 100;

/** An HTTP session without requests for this long is closed, unless `idleTimeoutMs` says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;

/**
 * The JSON-RPC error of a request refused because a limit is reached: a server error of JSON-RPC's
 * implementation-defined range (-32000 to -32099), the code the SDK's HTTP transport also uses.
 */
export const LIMIT_REACHED = -32000;

/** The longest timer Node can set (about 24.8 days): a longer idle time would fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** A limit option as given, or its default; a value that is not a whole number in 1…max is refused, saying so. */
export function limitOption(
  name: string,
  value: number | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value > 0 && value <= max) return value;
  throw new Error(
    `ink-mcp: ${name} must be a whole number from 1 to ${max} (got ${String(value)}); leave it out for the default, ${fallback}.`,
  );
}
