import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { AuthorizeRequest, Confirm } from '../registry/authorize.js';

/** The longest argument text shown in a confirmation question. */
const MAX_ARGS_TEXT = 500;

/**
 * A `Confirm` that asks the client's user through MCP form elicitation, or undefined when the client
 * did not declare form elicitation (asking would throw). Only an explicit accept with `approve: true`
 * approves; decline, cancel, a timeout or anything else denies. Each call asks anew: an approval is
 * for that one call.
 */
export function elicitationConfirm(
  server: Server,
  call: { requestId: RequestId; signal: AbortSignal; listedName: string },
): Confirm | undefined {
  if (server.getClientCapabilities()?.elicitation?.form === undefined) return undefined;
  return async (request: AuthorizeRequest) => {
    const result = await server.elicitInput(
      {
        mode: 'form',
        message: question(call.listedName, request),
        requestedSchema: {
          type: 'object',
          properties: {
            approve: {
              type: 'boolean',
              title: `Allow ${call.listedName}`,
              description:
                'The app marks this call sensitive or destructive: approve it only if you meant it.',
            },
          },
          required: ['approve'],
        },
      },
      { relatedRequestId: call.requestId, signal: call.signal },
    );
    return result.action === 'accept' && result.content?.approve === true;
  };
}

function question(tool: string, request: AuthorizeRequest): string {
  let args: string;
  try {
    args = JSON.stringify(request.args);
  } catch {
    args = '(arguments that cannot be shown)';
  }
  if (args.length > MAX_ARGS_TEXT) args = `${args.slice(0, MAX_ARGS_TEXT)}…`;
  const where = request.sessionId === '' ? '' : ` in the app "${request.sessionId}"`;
  return `An agent wants to call ${tool}${where} with ${args}. Allow this one call?`;
}
