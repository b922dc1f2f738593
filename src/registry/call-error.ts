/**
 * Errors as values: every way a tool call can fail without running (or while running) the handler.
 * The constructors below only gather facts (the tool's canonical name, the widget, why…). Words are
 * made once, where the error leaves: the server words it with the name the client listed
 * (`describeCallError(error, listedName)`); a direct user of the Hub reads `message`, worded on first
 * read with the canonical name.
 */

import { clip, errorText } from '../util/text.js';
import type { WidgetUnavailableWhy } from '../walker/ids.js';
import { describeCallError } from './describe-call-error.js';

/** Text that came from elsewhere (a handler's error, Ajv) is clipped so one answer stays readable. */
const MAX_DETAIL = 500;

export type CallErrorCode =
  | 'unknown_tool'
  | 'invalid_arguments'
  | 'circuit_open'
  | 'denied'
  | 'widget_unavailable'
  | 'session_not_running'
  | 'handler_error'
  | 'action_refused'
  | 'no_effect'
  | 'timeout'
  | 'cancelled';

/** One problem with the arguments, zod-like: `path` leads from the arguments object to the value. */
export interface ArgumentIssue {
  path: (string | number)[];
  message: string;
}

/** Why a call was denied. */
export type DenyReason =
  | 'no_authorizer'
  | 'denied'
  | 'declined'
  | 'timed_out'
  | 'no_confirm'
  | 'authorizer_failed'
  /** The widget changed while the person was asked: what they approved is not what would run. */
  | 'changed'
  /** The question would be longer than a person can be shown in full (`detail`: how long, the limit). */
  | 'too_long';

/**
 * Why a session answers no calls: its app stopped, or the server is shutting down; or the app stopped
 * under a running call that did not return in time (it may have partly taken effect), or exited while
 * the call was waiting on it (it changed nothing).
 */
export type NotRunningWhy = 'stopped' | 'shutting_down' | 'stopped_while_running' | 'exited_while_waiting';

/** What each code knows; `describeCallError` words it. */
export type CallErrorFacts =
  | { code: 'unknown_tool'; tool: string }
  | { code: 'invalid_arguments'; tool: string; issues: ArgumentIssue[]; schemaError?: string }
  | { code: 'circuit_open'; tool: string; retryAfterMs: number; probing: boolean; faults: number }
  | { code: 'denied'; tool: string; reason: DenyReason; detail?: string; afterMs?: number }
  | { code: 'widget_unavailable'; tool: string; widgetId: string; why: WidgetUnavailableWhy; action?: string }
  | {
      code: 'session_not_running';
      tool: string;
      sessionId: string;
      why: NotRunningWhy;
      /** How the app ended, when known (`exit code 3`). */
      exit?: string;
    }
  | { code: 'handler_error'; tool: string; detail: string }
  | { code: 'action_refused'; tool: string; detail: string }
  /**
   * The action ran (its keys went out, the app's handler was called) but what it is for is not
   * seen once React settled: `happened` says what it did and saw, `hint` what to try.
   */
  | { code: 'no_effect'; tool: string; happened: string; hint: string }
  | { code: 'timeout'; tool: string; timeoutMs: number }
  /** The caller cancelled the call; `started` says whether its handler had begun (then it may have acted). */
  | { code: 'cancelled'; tool: string; started: boolean };

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
    ...(afterMs === undefined ? {} : { afterMs }),
  });

export const widgetUnavailable = (
  tool: string,
  widgetId: string,
  why: WidgetUnavailableWhy,
  action?: string,
) => make({ code: 'widget_unavailable', tool, widgetId, why, ...(action === undefined ? {} : { action }) });

export const sessionNotRunning = (
  tool: string,
  sessionId: string,
  why: NotRunningWhy = 'stopped',
  exit?: string,
) => make({ code: 'session_not_running', tool, sessionId, why, ...(exit === undefined ? {} : { exit }) });

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
