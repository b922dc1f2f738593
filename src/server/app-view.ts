import type { Tool } from '@modelcontextprotocol/server';
import { APP_MIME, UI_EXTENSION, wantsAppView } from '../util/ui-extension.js';
import { ID_SOURCE } from '../walker/id-rule.js';

export { APP_MIME, UI_EXTENSION, wantsAppView };

/** The deprecated flat key hosts still read (ext-apps' `registerAppTool` writes both forms). */
const LEGACY_URI_KEY = 'ui/resourceUri';

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
