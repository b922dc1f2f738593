import type { RequestId, Server } from '@modelcontextprotocol/server';
import type { AuthorizeRequest, Confirm, ConfirmOptions } from '../registry/authorize.js';
import { shownArgs, shownText } from '../registry/shown-text.js';

/**
 * A `Confirm` that asks the client's user through MCP form elicitation, or undefined when the client
 * did not declare form elicitation (asking would throw). Only an explicit accept with `approve: true`
 * approves; decline, cancel, a timeout or anything else denies. Each call asks anew: an approval is
 * for that one call.
 */
export function elicitationConfirm(
  server: Server,
  call: { requestId: RequestId; signal: AbortSignal },
  listedName: string,
): Confirm | undefined {
  if (server.getClientCapabilities()?.elicitation?.form === undefined) return undefined;
  return async (request: AuthorizeRequest, options?: ConfirmOptions) => {
    const result = await server.elicitInput(
      { mode: 'form', ...approvalForm(listedName, request) },
      { relatedRequestId: call.requestId, signal: eitherAborts(call.signal, options?.signal) },
    );
    return result.action === 'accept' && result.content?.approve === true;
  };
}

/** The form that asks a person to approve one call: the same question whichever way it travels. */
export function approvalForm(listedName: string, request: AuthorizeRequest) {
  return {
    message: question(listedName, request),
    requestedSchema: {
      type: 'object' as const,
      properties: {
        approve: {
          type: 'boolean' as const,
          title: `Allow ${shownText(listedName)}`,
          description: 'The app marks this call sensitive or destructive: approve it only if you meant it.',
        },
      },
      required: ['approve'],
    },
  };
}

/**
 * Aborted when either is: the call's request is cancelled (or its client went away), or whoever
 * asked takes the question down. Node 20.0–20.2 lack `AbortSignal.any`, hence the fallback.
 */
function eitherAborts(call: AbortSignal, asker: AbortSignal | undefined): AbortSignal {
  if (asker === undefined || asker === call) return call;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([call, asker]);
  const both = new AbortController();
  for (const signal of [call, asker]) {
    if (signal.aborted) both.abort(signal.reason);
    else signal.addEventListener('abort', () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}

/**
 * The question as the client's user reads it: what the app says the call will do (when it says), the
 * tool, where, and the arguments whole, every invisible or control character escaped. Never cut:
 * arguments too long to show are refused before anyone is asked (`tooLongToShow`, authorize.ts).
 */
export function question(tool: string, request: AuthorizeRequest): string {
  const args = shownArgs(request.args);
  const where = request.sessionId === '' ? '' : ` in the app "${shownText(request.sessionId)}"`;
  const summary = request.summary === undefined ? '' : `${shownText(request.summary)}\n\n`;
  return `${summary}An agent wants to call ${shownText(tool)}${where} with ${args}. Allow this one call?`;
}
