import {
  actionRefused,
  type CallError,
  handlerError,
  noEffect,
  timedOut,
  widgetUnavailable,
} from '../registry/call-error.js';
import { defined } from '../util/defined.js';
import { isActionError } from '../walker/action-error.js';
import { isWidgetUnavailable } from '../walker/ids.js';
import { isNoEffectError } from '../walker/no-effect-error.js';
import type { ToolDef } from '../walker/types.js';
import type { RunOutcome } from './run-with-timeout.js';

/** What a call changed in the session's tool list. */
export interface ToolChanges {
  added: string[];
  removed: string[];
}

export type DispatchResult =
  | ({
      ok: true;
      value: unknown;
      /** The screen after the call as `Session.screen()` gives it: cleaned, and bounded to the terminal. */
      screen?: string;
      /** Which widget has focus after the call, in words (`"name" (Ink focus)`), when the app has focus. */
      focus?: string;
      /** How the session reaches the app, when that limits it (Session.mode). */
      mode?: string;
      /** The call ended its own app (it ran; the session and its tools are gone). */
      stopped?: true;
      /** How the app ended, when known (`exit code 3`). */
      exit?: string;
    } & ToolChanges)
  | {
      ok: false;
      error: CallError;
      /** Counts toward the tool's circuit breaker. */
      fault: boolean;
      screen?: string;
      focus?: string;
      mode?: string;
    };

export interface AfterTheCall {
  changes: ToolChanges;
  /** The session still runs (else the call ended its app). */
  running: boolean;
  screen: string | undefined;
  /** Which widget has focus after the call, when the session can tell. */
  focus?: string | undefined;
  /** How the session reaches the app (Session.mode). */
  mode?: string | undefined;
  /** How the app ended, once it stopped, when known (Session.exit). */
  exit?: string | undefined;
  timeoutMs: number;
}

/**
 * A handler's outcome as the call's answer. Only a crash or a timeout is a fault: a handler that
 * answers "widget unavailable" or throws an ActionError says the question was wrong, not the tool.
 */
export function toDispatchResult(tool: ToolDef, outcome: RunOutcome, after: AfterTheCall): DispatchResult {
  // The usual answer, built without spreads (a trivial call pays for each object made).
  if (outcome.ok && after.running && !isWidgetUnavailable(outcome.value)) {
    const { added, removed } = after.changes;
    const done: DispatchResult = { ok: true, value: outcome.value, added, removed };
    if (after.screen !== undefined) done.screen = after.screen;
    if (after.focus !== undefined) done.focus = after.focus;
    if (after.mode !== undefined) done.mode = after.mode;
    return done;
  }
  const screen = {
    ...defined({ screen: after.screen, focus: after.focus, mode: after.mode }),
  };
  if (outcome.ok && isWidgetUnavailable(outcome.value)) {
    const { widgetId, why } = outcome.value;
    return {
      ok: false,
      fault: false,
      error: widgetUnavailable(tool.name, widgetId, why, tool.action),
      ...screen,
    };
  }
  // The app exited: its last screen is what the agent needs to see what the call did.
  if (outcome.ok && !after.running)
    return {
      ok: true,
      value: outcome.value,
      ...after.changes,
      stopped: true,
      ...defined({ exit: after.exit }),
      ...screen,
    };
  if (outcome.ok) return { ok: true, value: outcome.value, ...after.changes, ...screen };
  if ('thrown' in outcome && isActionError(outcome.thrown)) {
    return { ok: false, fault: false, error: actionRefused(tool.name, outcome.thrown.message), ...screen };
  }
  // The tool worked and the app did not respond as asked: not the tool's fault either.
  if ('thrown' in outcome && isNoEffectError(outcome.thrown)) {
    const { message, hint } = outcome.thrown;
    return { ok: false, fault: false, error: noEffect(tool.name, message, hint), ...screen };
  }
  const error =
    'timedOut' in outcome ? timedOut(tool.name, after.timeoutMs) : handlerError(tool.name, outcome.thrown);
  return { ok: false, fault: true, error, ...screen };
}

const NO_CHANGES: ToolChanges = { added: [], removed: [] };

/** Names in `after` and not `before`, and the reverse; the same object (nothing changed) costs nothing. */
export function diffNames(
  before: Iterable<string> | undefined,
  after: Iterable<string> | undefined,
): ToolChanges {
  if (before === undefined || after === undefined || before === after) return NO_CHANGES;
  const was = new Set(before);
  const now = new Set(after);
  return {
    added: [...now].filter((name) => !was.has(name)),
    removed: [...was].filter((name) => !now.has(name)),
  };
}
