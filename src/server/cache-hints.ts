import type { Surface } from './stable-surface.js';

/**
 * The caching hints of a `tools/list` result for 2026-07-28 clients (SEP-2549, "Caching" in the
 * spec: https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching). `ttlMs`
 * is how long a client may consider the list fresh (HTTP `max-age`); `cacheScope` who may share it.
 * 2025-era results carry neither (the fields do not exist there).
 */
export interface CacheHint {
  ttlMs: number;
  cacheScope: 'private';
}

/**
 * How long a stable-surface list may be reused: 5 minutes. That list changes only when a session or
 * a server-level tool comes or goes (never because a call changed the screen: SEP-2567), and each
 * such change is announced (`list_changed` on a `subscriptions/listen` stream, which also evicts the
 * SDK client's cached list). The bound is for a client that caches without listening: it re-lists a
 * session that mounted later within 5 minutes, at the cost of one small request per 5 minutes.
 */
export const STABLE_LIST_TTL_MS = 300_000;

/**
 * The hints for the list a connection serves now.
 *
 * - Widgets surface: `ttlMs: 0`, immediately stale. Its list follows the screen: any call, key or
 *   timer in the app can add or remove a tool, so no lifetime would be true.
 * - Stable surface with a session attached: `STABLE_LIST_TTL_MS` (above).
 * - Stable surface with none yet (a server listening before its app's first render): `ttlMs: 0`,
 *   as the list is about to change; caching it would hide the app's tools.
 * - `cacheScope: 'private'` always: a list describes one running app reached with its own bearer
 *   token (the session ids, and on the widgets surface what that app shows), and a shared cache must
 *   not hand it to a client of another app behind the same address.
 */
export function toolsListCacheHint(surface: Surface, sessions: number): CacheHint {
  const ttlMs = surface === 'stable' && sessions > 0 ? STABLE_LIST_TTL_MS : 0;
  return { ttlMs, cacheScope: 'private' };
}
