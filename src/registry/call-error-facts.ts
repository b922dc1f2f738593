/**
 * The facts of a failed call, by `code`: what src/registry/call-error.ts makes and
 * src/registry/describe-call-error.ts words. Apart from both so neither imports the other's module.
 */

import type { WidgetUnavailableWhy } from '../walker/ids.js';

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
  | 'cancelled'
  | 'held_by_person';

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
  /** An approval (a 2026-07-28 round trip's answer) sent again: one yes runs one call. */
  | 'used'
  /** The question would be longer than a person can be shown in full (`detail`: how long, the limit). */
  | 'too_long'
  /** The person watching (ink-mcp watch) went away before answering: no answer, not a no. */
  | 'unanswered';

/**
 * Why the person watching a session holds its calls: they paused the agent (and did not resume
 * within the call's time), or they took over the keyboard.
 */
export type HeldWhy = 'paused' | 'typing';

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
  | {
      code: 'widget_unavailable';
      tool: string;
      widgetId: string;
      why: WidgetUnavailableWhy;
      action?: string;
      /** With `absent`: whether this session ever showed a widget of that id (unknown: not said). */
      shownBefore?: boolean;
    }
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
  | { code: 'cancelled'; tool: string; started: boolean }
  /** The person watching the session holds it (paused, or typing): nothing ran. */
  | { code: 'held_by_person'; tool: string; why: HeldWhy; afterMs?: number };
