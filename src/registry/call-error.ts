/**
 * Errors as values: every way a tool call can fail without running (or while running) the handler.
 * The constructors below only gather facts (the tool's canonical name, the widget, why…). Words are
 * made once, where the error leaves: the server words it with the name the client listed
 * (`describeCallError(error, listedName)`); a direct user of the Hub reads `message`, worded on first
 * read with the canonical name.
 */

import { clip, errorText } from '../util/text.js';
import type { WidgetUnavailableWhy } from '../walker/ids.js';
import type {
  ArgumentIssue,
  CallErrorCode,
  CallErrorFacts,
  DenyReason,
  HeldWhy,
  NotRunningWhy,
} from './call-error-facts.js';
import { describeCallError } from './describe-call-error.js';

/** Text that came from elsewhere (a handler's error, Ajv) is clipped so one answer stays readable. */
const MAX_DETAIL = 500;

export type {
  ArgumentIssue,
  CallErrorCode,
  CallErrorFacts,
  DenyReason,
  HeldWhy,
  NotRunningWhy,
} from './call-error-facts.js';

import { defined } from '../util/defined.js';

/** A failed call, discriminated by `code`; each code carries its own facts plus the worded `message`. */
export type CallError = CallErrorFacts & { readonly message: string };

export type CallErrorOf<C extends CallErrorCode> = Extract<CallError, { code: C }>;

export function isCallError(value: unknown): value is CallError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function make<F extends CallErrorFacts>(facts: F): F & { readonly message: string } {
  let message: string | undefined;
  return Object.defineProperty(facts, 'message', {
    enumerable: true,
    get: () => {
      message ??= describeCallError(facts);
      return message;
    },
  }) as F & { readonly message: string };
}

export const unknownTool = (tool: string) => make({ code: 'unknown_tool', tool });

export const invalidArguments = (tool: string, issues: ArgumentIssue[]) =>
  make({ code: 'invalid_arguments', tool, issues });

/** The tool's own schema is at fault (Ajv cannot compile it, or a zod schema threw): not the caller's. */
export const brokenSchema = (tool: string, schemaError: string) =>
  make({ code: 'invalid_arguments', tool, issues: [], schemaError: clip(schemaError, MAX_DETAIL) });

export const circuitOpen = (tool: string, retryAfterMs: number, probing: boolean, faults: number) =>
  make({ code: 'circuit_open', tool, retryAfterMs: Math.max(0, Math.ceil(retryAfterMs)), probing, faults });

/** `afterMs`: how long the person had, for a confirmation nobody answered (`timed_out`). */
export const denied = (tool: string, reason: DenyReason, detail?: string, afterMs?: number) =>
  make({
    code: 'denied',
    tool,
    reason,
    ...(detail === undefined ? {} : { detail: clip(detail, MAX_DETAIL) }),
    ...defined({ afterMs }),
  });

export const widgetUnavailable = (
  tool: string,
  widgetId: string,
  why: WidgetUnavailableWhy,
  action?: string,
  shownBefore?: boolean,
) =>
  make({
    code: 'widget_unavailable',
    tool,
    widgetId,
    why,
    ...defined({ action, shownBefore }),
  });

export const sessionNotRunning = (
  tool: string,
  sessionId: string,
  why: NotRunningWhy = 'stopped',
  exit?: string,
) => make({ code: 'session_not_running', tool, sessionId, why, ...defined({ exit }) });

/** `error` is whatever the handler threw. */
export const handlerError = (tool: string, error: unknown) =>
  make({ code: 'handler_error', tool, detail: clip(errorText(error), MAX_DETAIL) });

/** The action threw an `ActionError`: its input cannot apply. The agent's mistake, not a fault. */
export const actionRefused = (tool: string, detail: string) =>
  make({ code: 'action_refused', tool, detail: clip(detail, MAX_DETAIL) });

/** The action threw a `NoEffectError`: it was applied, and its effect is not seen. */
export const noEffect = (tool: string, happened: string, hint: string) =>
  make({ code: 'no_effect', tool, happened: clip(happened, MAX_DETAIL), hint: clip(hint, MAX_DETAIL) });

export const timedOut = (tool: string, timeoutMs: number) => make({ code: 'timeout', tool, timeoutMs });

export const cancelled = (tool: string, started: boolean) => make({ code: 'cancelled', tool, started });

/** `afterMs`: how long a paused call waited for the person to resume. */
export const heldByPerson = (tool: string, why: HeldWhy, afterMs?: number) =>
  make({ code: 'held_by_person', tool, why, ...defined({ afterMs }) });
