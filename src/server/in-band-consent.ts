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
import type { AuthorizeRequest, Confirm, ConfirmOptions } from '../registry/authorize.js';
import { approvalForm } from './elicit-confirm.js';

/**
 * What a consent round carries back: which call (name and arguments) the question was about, what
 * the person was shown of the widget, and the question's one-time id.
 */
interface ConsentState {
  call: string;
  shown: string;
  once: string;
}

const APPROVE = 'approve';

/** How long an unanswered question's state is good for: long enough for a person to read it, no longer. */
export const CONSENT_TTL_SECONDS = 120;

/** Questions awaiting their answer at once, at most (the oldest is forgotten first: its answer then counts as used). */
const MAX_OPEN_QUESTIONS = 1024;

/**
 * The person's consent for a 2026-07-28 client, which has no server→client requests: the call
 * answers `input_required` with the approval form (protocol 2026-07-28, multi round-trip requests;
 * https://ts.sdk.modelcontextprotocol.io/v2/servers/input-required), and the client calls again
 * with the answer. The retry runs the call anew, and the answer is given to the hub when it asks, at
 * the last moment, inside the session's slot, against the live widget: the one consent rule holds.
 *
 * The answer is bound to the call it was asked about: `requestState` is sealed (HMAC, the SDK's
 * `createRequestStateCodec`, a key of this process, two minutes) over the tool name and arguments
 * as called, and an answer echoed with another call's state, or none, is no answer. It is bound to
 * what the person was shown: the app's words and the widget's data, compared when the answer is
 * used (changed → denied `changed`, as a 2025 question is). And one yes runs one call: each
 * question has a one-time id, spent when its answer is used; the same answer sent again is denied
 * (`used`), however many copies a client sends.
 */
export class InBandConsent {
  readonly #codec: RequestStateCodec<ConsentState> = createRequestStateCodec<ConsentState>({
    key: randomBytes(32),
    ttlSeconds: CONSENT_TTL_SECONDS,
    bind: (ctx) => ctx.mcpReq.method,
  });
  /** One-time ids of the questions asked and not yet answered, with when each expires (ms). */
  readonly #open = new Map<string, number>();

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
    const open = this.#open;
    // An answer counts only for the call it was asked about, and only when it answers the question:
    // a retry whose inputResponses lack it is asked again (SEP-2322: a server SHOULD re-request
    // missing input rather than fail), while a decline, a cancel or anything but yes denies.
    const answered =
      typeof state === 'object' &&
      state !== null &&
      state.call === call() &&
      inputResponse(ctx.mcpReq.inputResponses, APPROVE).kind !== 'missing';
    const approved = answered && acceptedContent(ctx.mcpReq.inputResponses, APPROVE)?.approve === true;
    let asked: { listedName: string; request: AuthorizeRequest; state: ConsentState } | undefined;
    return {
      confirmFor: (listedName) => async (request, options) => {
        if (answered) {
          // Spent here, in the session's slot, right before the call would run: a copy sent
          // alongside, or after, finds it gone. (Synchronous: no await between the check and the delete.)
          const expires = open.get(state.once);
          open.delete(state.once);
          if (expires === undefined || expires < Date.now()) return { stale: 'used' };
          if (state.shown !== shownDigest(request, options)) return { stale: 'changed' };
          return approved;
        }
        // Sealed as called: before the handler runs (it may change the arguments it is given).
        asked = {
          listedName,
          request,
          state: {
            call: call(),
            shown: shownDigest(request, options),
            once: randomBytes(16).toString('base64url'),
          },
        };
        // Nothing runs this round: the call is answered with the question instead.
        return false;
      },
      answer: async (result) => {
        if (asked === undefined) return result;
        const form = approvalForm(asked.listedName, asked.request);
        this.#remember(asked.state.once);
        return inputRequired({
          inputRequests: { [APPROVE]: inputRequired.elicit(form) },
          requestState: await this.#codec.mint(asked.state, ctx),
        });
      },
    };
  }

  #remember(once: string): void {
    const now = Date.now();
    for (const [id, expires] of this.#open) if (expires < now) this.#open.delete(id);
    while (this.#open.size >= MAX_OPEN_QUESTIONS) {
      const oldest = this.#open.keys().next();
      if (oldest.done) break;
      this.#open.delete(oldest.value);
    }
    this.#open.set(once, now + CONSENT_TTL_SECONDS * 1000);
  }
}

/** What the person is shown (the app's words) and what the widget was, as one digest. */
function shownDigest(request: AuthorizeRequest, options: ConfirmOptions | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([request.summary ?? null, options?.widget ?? null]))
    .digest('base64url');
}
