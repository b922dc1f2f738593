/**
 * Which requests a stdio server answers before its app has rendered (kept free of imports: the
 * launcher uses it too). `initialize`, `ping` and methods ink-mcp does not serve (answered -32601)
 * need no app, and some clients give up on them after 1 s (the AI SDK's `server/discover`); every
 * other request waits for the app's first render, so a first `tools/list` is never empty for want
 * of time.
 */
export const SERVED_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/**
 * The 2026-07-28 methods the SDK's server answers itself, whatever the app shows: the change stream
 * (`subscriptions/listen`, routed by `serveStdio`). They need no render (the stdio transport passes
 * them on at once), but they do need the server: the launcher's relay forwards them to it once it is
 * connected, instead of answering -32601 as it does for a method ink-mcp never serves. An SDK client
 * with `listChanged` opens its stream right after `server/discover`, while the app may still load.
 */
export const SERVER_OWN_METHODS: ReadonlySet<string> = new Set(['subscriptions/listen']);

export function answeredWithoutTheApp(method: string): boolean {
  return method === 'initialize' || method === 'ping' || !SERVED_METHODS.has(method);
}
