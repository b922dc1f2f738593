import { clip } from '../util/text.js';
import type { ArgumentIssue, CallErrorFacts, DenyReason } from './call-error-facts.js';

/**
 * The one place that words a failed call for a model: what was wrong, then what to do about it. Every
 * message starts with `ink-mcp:` so a model (and a person reading a transcript) knows who answered.
 */

const RELIST = 'call tools/list again to see the tools available now';

/**
 * Words a failure for a model: what was wrong, then what to do about it. `toolName` is the name the
 * model knows the tool by (the listed one; by default the canonical one the facts carry).
 */
export function describeCallError(
  error: CallErrorFacts,
  toolName: string = error.tool,
  /** What to do when a tool or widget is not there, when not "call tools/list again…" (the stable surface). */
  relist: string = RELIST,
): string {
  // The name is the caller's (an unknown tool's can be any length): a real tool name is far shorter.
  const tool = JSON.stringify(clip(toolName, MAX_NAME_SHOWN));
  switch (error.code) {
    case 'unknown_tool':
      return relist === RELIST
        ? `ink-mcp: there is no tool named ${tool}. The app's tools change with what is on its screen; ${RELIST}.`
        : `ink-mcp: there is no tool named ${tool}. Call tools/list for the tools; widget actions are performed with the act tool: ${relist}.`;
    case 'invalid_arguments':
      if (error.schemaError !== undefined) {
        return (
          `ink-mcp: the input schema of ${tool} is broken (${error.schemaError}), so no arguments can be ` +
          'checked against it. This is a bug in the app, not in your arguments: do not retry; use another tool.'
        );
      }
      return (
        `ink-mcp: invalid arguments for ${tool}: ${listIssues(error.issues)}. ` +
        "Fix the argument at each path named (the tool's inputSchema in tools/list says what it accepts) and call again."
      );
    case 'circuit_open':
      return error.probing
        ? `ink-mcp: ${tool} is temporarily unavailable: it failed repeatedly and a trial call is running now. ` +
            `Try again in about ${seconds(error.retryAfterMs)}, or use another tool.`
        : `ink-mcp: ${tool} is temporarily unavailable: it failed ${error.faults} times in a row. ` +
            `Try again in ${seconds(error.retryAfterMs)} (retryAfterMs: ${error.retryAfterMs}), or use another tool.`;
    case 'denied':
      return `ink-mcp: ${tool} was denied: ${denial(error.reason, error.detail, error.afterMs)}`;
    case 'widget_unavailable':
      return `ink-mcp: ${tool} cannot run now: ${unavailability(error)}. ${capitalise(relist)}${relist === RELIST ? ' (or read the screen)' : ''}.`;
    case 'session_not_running':
      if (error.why === 'shutting_down') {
        return `ink-mcp: ${tool} was not run: the server is shutting down and accepts no more calls. Nothing was changed.`;
      }
      if (error.why === 'exited_while_waiting') {
        return (
          `ink-mcp: ${tool} was waiting when the app of session ${JSON.stringify(error.sessionId)} exited` +
          `${error.exit === undefined ? '' : ` (${error.exit})`}; nothing was changed. Its last screen is below: ` +
          'it may say why. The app and its tools are gone.'
        );
      }
      if (error.why === 'stopped_while_running') {
        return (
          `ink-mcp: ${tool} was running when the app of session ${JSON.stringify(error.sessionId)} stopped, ` +
          'and did not finish: it may have partly taken effect. The app and its tools are gone.'
        );
      }
      return (
        `ink-mcp: ${tool} cannot run: the app of session ${JSON.stringify(error.sessionId)} is not running ` +
        `any more${error.exit === undefined ? '' : ` (it exited: ${error.exit}; its last screen is below)`}, and its tools are gone. ${capitalise(relist)}.`
      );
    case 'handler_error':
      return (
        `ink-mcp: ${tool} failed: ${withoutFinalStop(error.detail)}. It may have partly taken effect: check the screen before ` +
        'retrying. A tool that keeps failing is paused for a while.'
      );
    case 'action_refused':
      return `ink-mcp: ${tool} refused: ${withoutFinalStop(error.detail)}. Nothing was changed; fix the input and call again.`;
    case 'no_effect':
      return (
        `ink-mcp: ${tool} was carried out, but its effect is not seen: ${withoutFinalStop(error.happened)}. ` +
        'The call was applied (nothing was undone), so calling it again as it is will most likely do the same. ' +
        `${withFinalStop(error.hint)}`
      );
    case 'timeout':
      return (
        `ink-mcp: ${tool} did not finish within ${error.timeoutMs} ms and was abandoned. It may have partly ` +
        'taken effect: check the screen before retrying.'
      );
    case 'held_by_person':
      return error.why === 'typing'
        ? `ink-mcp: ${tool} was not run: the person is typing. The person watching this session has taken over its keyboard, and calls that press keys or act are refused until they hand it back. Nothing was changed; read the screen meanwhile, and call again later.`
        : `ink-mcp: ${tool} was not run: paused by the person. The person watching this session paused the agent and did not resume within ${error.afterMs === undefined ? 'the time allowed' : seconds(error.afterMs)}. Nothing was changed; wait, or ask the user to resume, then call again.`;
    case 'cancelled':
      return error.started
        ? `ink-mcp: ${tool} was cancelled while it ran. It may have partly taken effect: check the screen before retrying.`
        : `ink-mcp: ${tool} was cancelled before it ran. Nothing was changed.`;
  }
}

function denial(reason: DenyReason, detail: string | undefined, afterMs: number | undefined): string {
  switch (reason) {
    case 'no_authorizer':
      return (
        'it is marked sensitive or destructive, and such calls need permission, but the app has no ' +
        'authorizer configured. Do not retry; tell the user. (The app developer allows such calls by passing ' +
        "an `authorize` option: createMcpServer({ authorize: (request) => 'allow' | 'deny' | 'ask' }).)"
      );
    case 'denied':
      return "the app's authorizer refused it. Do not retry; ask the user if the call is needed.";
    case 'declined':
      return 'the person at the terminal declined it. Do not retry unless the user asks you to.';
    case 'timed_out':
      return (
        `nobody answered the confirmation at the terminal within ${afterMs === undefined ? 'the time allowed' : seconds(afterMs)}, ` +
        'so it was not run (nobody declined it). Ask the user whether they want it, then call again.'
      );
    case 'no_confirm':
      return (
        "the app's authorizer wants a person to confirm this call, but no one could be asked: the app " +
        'shows no prompt here, and this client does not answer MCP elicitation requests. Do not retry; ' +
        'tell the user (a client that supports elicitation, or the app run in a terminal, can ask them).'
      );
    case 'authorizer_failed':
      return `the authorizer failed (${detail ?? 'no reason given'}), so the call was refused to be safe. Tell the user.`;
    case 'changed':
      return (
        'the widget changed while the person was being asked, so what they approved is no longer what ' +
        'would run. Nothing ran. Read the screen, and call again if the call is still wanted.'
      );
    case 'unanswered':
      return (
        'the person watching the session (ink-mcp watch) went away before answering, so it was not run ' +
        '(nobody declined it). Ask the user whether they want it, then call again.'
      );
    case 'used':
      return (
        'this approval was already used (or has expired): one yes runs one call. Nothing ran. ' +
        'Call again without requestState or inputResponses, so the person is asked about this call.'
      );
    case 'too_long':
      return (
        `its arguments are too long to show a person in full (${detail ?? 'over the limit'}), and a ` +
        'person approves only what they can read. Nothing ran. Send shorter arguments, or split the change.'
      );
  }
}

function unavailability(error: Extract<CallErrorFacts, { code: 'widget_unavailable' }>): string {
  const widget = JSON.stringify(error.widgetId);
  switch (error.why) {
    case 'absent':
      // Only a widget the session showed can be gone: one it never showed is not "any more".
      return error.shownBefore === false
        ? `the widget ${widget} is not on the screen: this session has not shown a widget with that id`
        : `the widget ${widget} is not on the screen${error.shownBefore === true ? ' any more' : ''}`;
    case 'type_changed':
      return `the widget ${widget} on the screen now is a different kind of widget than the tool was listed for`;
    case 'disabled':
      return `the widget ${widget} does not offer ${error.action === undefined ? 'this action' : JSON.stringify(error.action)} in its current state`;
  }
}

/** At most this many issues are spelt out: the rest are counted, so a huge input gives a short message. */
export const MAX_LISTED_ISSUES = 10;
/** Caller-supplied text (a called name, an argument's key) is cut to this many characters in a message. */
const MAX_NAME_SHOWN = 200;
const MAX_SEGMENT_SHOWN = 64;
const MAX_ISSUE_SHOWN = 300;

function listIssues(issues: ArgumentIssue[]): string {
  if (issues.length === 0) return 'the arguments were rejected';
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((i) => `${clip(formatPath(i.path), MAX_ISSUE_SHOWN)}: ${clip(i.message, MAX_ISSUE_SHOWN)}`);
  const more = issues.length - listed.length;
  return listed.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['items', 0, 'first name']` → `items[0]["first name"]`; the root is `(arguments)`. */
export function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(arguments)';
  let out = '';
  for (const whole of path) {
    // A key is the caller's: a 1 MiB key must not come back whole in the message.
    const part = typeof whole === 'string' ? clip(whole, MAX_SEGMENT_SHOWN) : whole;
    if (typeof part === 'number') out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.ceil(ms / 1000)} s`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A hint ends its sentence once. */
function withFinalStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A detail that already ends a sentence must not end up with two full stops. */
function withoutFinalStop(text: string): string {
  return text.replace(/[.\s]+$/, '');
}
