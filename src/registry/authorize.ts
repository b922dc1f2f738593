import { defined } from '../util/defined.js';
import { REDACTED } from '../util/secret-names.js';
import { errorText } from '../util/text.js';
import type { ToolAnnotations } from '../walker/types.js';
import type { AuthorizeRequest } from './authorize-request.js';
import { type CallErrorOf, type DenyReason, denied } from './call-error.js';
import { tooLongToShow } from './shown-text.js';

export type AuthorizeDecision = 'allow' | 'deny' | 'ask';

export type { AuthorizeRequest } from './authorize-request.js';

/** Decides sensitive and destructive calls. Configured as `createMcpServer({ authorize })`. */
export type Authorizer = (request: AuthorizeRequest) => AuthorizeDecision | Promise<AuthorizeDecision>;

/**
 * How a confirmation ended: `true` approved, `false` declined, or nobody answered in time; or an
 * answer given earlier that no longer counts (`stale`): already used for a call (`used`), or given
 * about a widget that has changed since (`changed`); or nobody could answer: no person was there to
 * ask (`unanswered: 'no_one'`: today's refusal stands), or the person asked went away before
 * answering (`left`: no answer, not a no).
 */
export type ConfirmOutcome =
  | boolean
  | { timedOut: true; afterMs: number }
  | { stale: 'used' | 'changed' }
  | { unanswered: 'no_one' | 'left' };

/** How a question may end early: its call was cancelled, or its client went away. */
export interface ConfirmOptions {
  /** Aborted when the question no longer matters: it is taken down and denied. */
  signal?: AbortSignal;
  /**
   * The widget as the question is about it (its data, as JSON), for a confirm whose answer arrives
   * with a later request (a 2026-07-28 round trip): the answer counts only for the widget as asked.
   */
  widget?: string;
}

/** Asks the person at the terminal; approves only with `true`. Supplied by the server layer. */
export type Confirm = (request: AuthorizeRequest, options?: ConfirmOptions) => Promise<ConfirmOutcome>;

export interface AuthorizeContext {
  authorize?: Authorizer;
  confirm?: Confirm;
  sessionId: string;
  client?: { name: string; version?: string };
  /** What the call will do, in the app's words (`AuthorizeRequest.summary`). */
  summary?: string;
  /** The caller gave up: a question still up is taken down and denied. */
  signal?: AbortSignal;
  /** The widget as asked about (`ConfirmOptions.widget`). */
  widget?: string;
}

export type AuthorizeResult = { ok: true } | { ok: false; error: CallErrorOf<'denied'> };

/** Either annotation alone puts a call behind the authorizer. */
export function needsAuthorization(annotations: ToolAnnotations): boolean {
  return annotations.sensitive === true || annotations.destructiveHint === true;
}

const ALLOWED: AuthorizeResult = { ok: true };

/**
 * Gates a call on its tool's annotations. Fails closed: no authorizer, an unexpected answer, a throw or
 * a rejection all deny. Never throws.
 */
export async function authorizeCall(
  tool: { name: string; annotations: ToolAnnotations },
  args: Record<string, unknown>,
  ctx: AuthorizeContext,
): Promise<AuthorizeResult> {
  if (!needsAuthorization(tool.annotations)) return ALLOWED;
  const deny = (reason: DenyReason, detail?: string, afterMs?: number): AuthorizeResult => ({
    ok: false,
    error: denied(tool.name, reason, detail, afterMs),
  });
  if (typeof ctx.authorize !== 'function') return deny('no_authorizer');

  const request: AuthorizeRequest = { tool: tool.name, args, sessionId: ctx.sessionId };
  if (ctx.client !== undefined) request.client = ctx.client;
  if (ctx.summary !== undefined) request.summary = ctx.summary;

  let decision: unknown;
  try {
    decision = await ctx.authorize(request);
  } catch (error) {
    return deny('authorizer_failed', `it threw: ${errorText(error)}`);
  }
  switch (decision) {
    case 'allow':
      return ALLOWED;
    case 'deny':
      return deny('denied');
    case 'ask': {
      // A person (or a client's form) is shown the question: never a secret's value.
      const shown = tool.annotations.sensitive ? { ...request, args: redactValues(request.args) } : request;
      // A question nobody can read whole is no consent: refused before anyone is asked.
      const tooLong = tooLongToShow(shown);
      if (tooLong) return deny('too_long', `${tooLong.length} characters shown, at most ${tooLong.max}`);
      return ask(shown, ctx.confirm, deny, confirmOptions(ctx));
    }
    default:
      return deny(
        'authorizer_failed',
        `it answered ${describe(decision)} instead of 'allow', 'deny' or 'ask'`,
      );
  }
}

async function ask(
  request: AuthorizeRequest,
  confirm: Confirm | undefined,
  deny: (reason: DenyReason, detail?: string, afterMs?: number) => AuthorizeResult,
  options: ConfirmOptions | undefined,
): Promise<AuthorizeResult> {
  if (typeof confirm !== 'function') return deny('no_confirm');
  try {
    // Only a literal `true` agrees: anything else (a truthy string, undefined) is not consent.
    const outcome = await (options ? confirm(request, options) : confirm(request));
    if (outcome === true) return ALLOWED;
    if (typeof outcome !== 'object' || outcome === null) return deny('declined');
    if ('stale' in outcome) return deny(outcome.stale === 'changed' ? 'changed' : 'used');
    if ('unanswered' in outcome) return deny(outcome.unanswered === 'no_one' ? 'no_confirm' : 'unanswered');
    if (outcome.timedOut !== true) return deny('declined');
    return deny('timed_out', undefined, typeof outcome.afterMs === 'number' ? outcome.afterMs : undefined);
  } catch (error) {
    return deny('authorizer_failed', `the confirmation prompt failed: ${errorText(error)}`);
  }
}

function confirmOptions({ signal, widget }: AuthorizeContext): ConfirmOptions | undefined {
  if (signal === undefined && widget === undefined) return undefined;
  return defined({ signal, widget });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 50));
  if (value === null) return 'null';
  return typeof value === 'object' || typeof value === 'function' ? `a ${typeof value}` : String(value);
}

/** The argument names of a sensitive call, each value hidden: what a confirmation may show. */
function redactValues(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    Object.defineProperty(out, key, {
      value: REDACTED,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
