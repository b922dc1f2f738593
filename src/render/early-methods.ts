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

export function answeredWithoutTheApp(method: string): boolean {
  return method === 'initialize' || method === 'ping' || !SERVED_METHODS.has(method);
}
