import { createHash, randomBytes } from 'node:crypto';
import {
  acceptedContent,
  type CallToolResult,
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AuthorizeRequest, Confirm } from '../registry/authorize.js';
import { approvalForm } from './elicit-confirm.js';

/** What a consent round carries back: which call (name and arguments) the question was about. */
interface ConsentState {
  call: string;
}

const APPROVE = 'approve';

/**
 * The person's consent for a 2026-07-28 client, which has no server→client requests: the call
 * answers `input_required` with the approval form (protocol 2026-07-28, multi round-trip requests;
 * https://ts.sdk.modelcontextprotocol.io/v2/servers/input-required), and the client calls again
 * with the answer. The retry runs the call anew, and the answer is given to the hub when it asks, at
 * the last moment, inside the session's slot, against the live widget: the one consent rule holds.
 *
 * The answer is bound to the call it was asked about: `requestState` is sealed (HMAC, the SDK's
 * `createRequestStateCodec`, a key of this process, ten minutes) over the tool name and arguments
 * as called, and an answer echoed with another call's state, or none, is no answer.
 */
export class InBandConsent {
  readonly #codec: RequestStateCodec<ConsentState> = createRequestStateCodec<ConsentState>({
    key: randomBytes(32),
    ttlSeconds: 600,
    bind: (ctx) => ctx.mcpReq.method,
  });

  /** For the SDK's `ServerOptions.requestState`: state that fails verification is refused before any handler runs. */
  readonly verify = (state: string, ctx: ServerContext) => this.#codec.verify(state, ctx);

  /**
   * A round of one call: a `Confirm` for the hub, then `answer` turns the call's result into an
   * `input_required` when the hub asked and the person has not answered yet. Undefined when the
   * client declared no form elicitation (it could not answer: the call is denied, saying so).
   */
  round(
    ctx: ServerContext,
    called: string,
    args: unknown,
  ):
    | {
        confirmFor(listedName: string): Confirm;
        answer(result: CallToolResult): Promise<CallToolResult | InputRequiredResult>;
      }
    | undefined {
    const capabilities = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
      'io.modelcontextprotocol/clientCapabilities'
    ] as { elicitation?: object } | undefined;
    if (capabilities?.elicitation === undefined) return undefined;
    // Hashed only when a state is to be checked or sealed: most calls ask nobody.
    const call = () =>
      createHash('sha256')
        .update(JSON.stringify([called, args ?? {}]))
        .digest('base64url');
    const state = ctx.mcpReq.requestState<ConsentState>();
    // An answer counts only for the call it was asked about, and only when it answers the question:
    // a retry whose inputResponses lack it is asked again (SEP-2322: a server SHOULD re-request
    // missing input rather than fail), while a decline, a cancel or anything but yes denies.
    const answered =
      typeof state === 'object' &&
      state !== null &&
      state.call === call() &&
      inputResponse(ctx.mcpReq.inputResponses, APPROVE).kind !== 'missing';
    const approved = answered && acceptedContent(ctx.mcpReq.inputResponses, APPROVE)?.approve === true;
    let asked: { listedName: string; request: AuthorizeRequest; call: string } | undefined;
    return {
      confirmFor: (listedName) => async (request) => {
        if (answered) return approved;
        // Sealed as called: before the handler runs (it may change the arguments it is given).
        asked = { listedName, request, call: call() };
        // Nothing runs this round: the call is answered with the question instead.
        return false;
      },
      answer: async (result) => {
        if (asked === undefined) return result;
        const form = approvalForm(asked.listedName, asked.request);
        return inputRequired({
          inputRequests: { [APPROVE]: inputRequired.elicit(form) },
          requestState: await this.#codec.mint({ call: asked.call }, ctx),
        });
      },
    };
  }
}
