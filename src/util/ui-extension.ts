/**
 * The MCP Apps extension (SEP-1865, spec 2026-01-26): a host that renders a server's HTML view beside
 * a tool call declares it in its capabilities. Which clients declared it is decided here, once: the
 * server offers the view only to them (src/server/app-view.ts), and the launcher's early `tools/list`
 * answer, which has no view in it, is given only to the others (src/launcher/relay.ts).
 */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one content type of an MCP App view (the spec's `text/html;profile=mcp-app`). */
export const APP_MIME = 'text/html;profile=mcp-app';

/**
 * Whether client capabilities (an initialize's, or a 2026-07-28 request's envelope) declare the UI
 * extension with the MCP App content type: only then is the view offered.
 */
export function wantsAppView(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const extensions = (capabilities as { extensions?: unknown }).extensions;
  if (typeof extensions !== 'object' || extensions === null) return false;
  const ui = (extensions as Record<string, unknown>)[UI_EXTENSION];
  if (typeof ui !== 'object' || ui === null) return false;
  const mimeTypes = (ui as { mimeTypes?: unknown }).mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME);
}
