import type { Tool } from '@modelcontextprotocol/server';
import { ID_SOURCE } from '../walker/id-rule.js';

/**
 * The MCP Apps extension (SEP-1865, spec 2026-01-26): a host that renders a server's HTML view beside
 * a tool call declares it in its capabilities. Nothing of the view is shown to a client that did not.
 */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one content type of an MCP App view (the spec's `text/html;profile=mcp-app`). */
export const APP_MIME = 'text/html;profile=mcp-app';
/** The deprecated flat key hosts still read (ext-apps' `registerAppTool` writes both forms). */
const LEGACY_URI_KEY = 'ui/resourceUri';

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

const VIEW_URI = new RegExp(`^ui://(${ID_SOURCE})/screen$`);

/** The view of a session: `ui://<session>/screen`. */
export function viewUri(sessionId: string): string {
  return `ui://${sessionId}/screen`;
}

/** The session a `ui://<session>/screen` URI names, or undefined for any other URI. */
export function viewSessionOf(uri: string): string | undefined {
  return VIEW_URI.exec(uri)?.[1];
}

/** A listed tool of a session, linked to the session's view (a copy: listings are shared). */
export function linkedToView(tool: Tool, sessionId: string): Tool {
  const uri = viewUri(sessionId);
  return { ...tool, _meta: { ...tool._meta, ui: { resourceUri: uri }, [LEGACY_URI_KEY]: uri } };
}

/** The `_meta` of a tool only the view may call: hosts keep it from the model's tool list. */
export function appOnlyMeta(sessionId: string): Record<string, unknown> {
  const uri = viewUri(sessionId);
  return { ui: { resourceUri: uri, visibility: ['app'] }, [LEGACY_URI_KEY]: uri };
}
