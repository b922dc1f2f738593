import type { Tool } from '@modelcontextprotocol/server';
import { sessionOf, sessionToolName } from '../walker/tool-name.js';
import { appOnlyMeta } from './app-view.js';

/**
 * The two tools only a session's MCP App view calls (`_meta.ui.visibility: ["app"]`: hosts keep them
 * from the model's list, and they are listed only to clients that declared the UI extension). Their
 * widget id is the reserved `screen`, so no app widget can clash with them.
 */
export const VIEW_READ = 'screen.view';
export const VIEW_ANSWER = 'screen.answer';

export type ViewToolKind = 'read' | 'answer';

/** Which view tool a canonical name is, and of which session, if it is one. */
export function viewToolOf(
  canonical: string,
  hasSession: (id: string) => boolean,
): { sessionId: string; kind: ViewToolKind } | undefined {
  const sessionId = sessionOf(canonical);
  const kind =
    canonical === sessionToolName(sessionId, VIEW_READ)
      ? 'read'
      : canonical === sessionToolName(sessionId, VIEW_ANSWER)
        ? 'answer'
        : undefined;
  return kind !== undefined && hasSession(sessionId) ? { sessionId, kind } : undefined;
}

/** Named as secrets are (`…Token`), so recordings and logs show them `[redacted]`. */
const KEY = { type: 'string', description: 'The view key written into the view page this call comes from.' };

/** The app-only tools of a session as listed, under the names `listed` gives them. */
export function viewTools(sessionId: string, listed: (canonical: string) => string): Tool[] {
  const meta = appOnlyMeta(sessionId);
  return [
    {
      name: listed(sessionToolName(sessionId, VIEW_READ)),
      description: `For the app view of session "${sessionId}" only: the screen as drawn and the open question. Waits (at most a few seconds) for a change when given the last state's version.`,
      inputSchema: {
        type: 'object',
        properties: {
          viewToken: KEY,
          after: { type: 'string', description: 'The version of the state the view shows now.' },
        },
        required: ['viewToken'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      _meta: meta,
    },
    {
      name: listed(sessionToolName(sessionId, VIEW_ANSWER)),
      description: `For the app view of session "${sessionId}" only: the person's answer to the question it shows.`,
      inputSchema: {
        type: 'object',
        properties: {
          viewToken: KEY,
          questionToken: {
            type: 'string',
            description: 'The code of the question answered, as the view got it.',
          },
          approve: { type: 'boolean', description: 'true: allow this one call; false: deny it.' },
        },
        required: ['viewToken', 'questionToken', 'approve'],
        additionalProperties: false,
      },
      _meta: meta,
    },
  ];
}
