import { invalidArguments } from '../registry/call-error.js';
import type { CallContext } from '../session/call-context.js';
import type { CallAnswer, Hub } from '../session/hub.js';
import { ACT } from '../walker/builtin-catalog.js';
import { sessionToolName, toolName, widgetActionName } from '../walker/tool-name.js';
import type { CallToolContext } from './call-tool-context.js';
import type { ToolNames } from './tool-names.js';

/**
 * The stable surface's `act` tool (`<session>.act {widget, action, args}`): which name means it, how
 * its arguments are read, and how a call to it becomes the call of a widget's own action. Its
 * catalog entry (name, description, input schema) is `ACT_ENTRY` in src/walker/builtin-catalog.ts,
 * beside the built-ins: the stdio relay lists it before the server loads (src/launcher/early-tools.ts).
 */

/** The canonical name of a session's `act` tool. */
export function actName(sessionId: string): string {
  return sessionToolName(sessionId, ACT);
}

/** The session whose `act` tool `canonical` names, if it is one of `sessionIds`. */
export function actSessionOf(canonical: string, sessionIds: (id: string) => boolean): string | undefined {
  const dot = canonical.indexOf('.');
  // Compared in place: every call asks, and nearly every called name is not an `act`.
  if (dot < 0 || canonical.length !== dot + 1 + ACT.length || !canonical.endsWith(ACT)) return undefined;
  const sessionId = canonical.slice(0, dot);
  return sessionIds(sessionId) ? sessionId : undefined;
}

/**
 * The session whose `act` tool a called name means: its listed name, `session.act`, or `session_act`
 * (called before any listing; a server-level tool of that name wins).
 */
export function actSession(
  { hub }: CallToolContext,
  called: string,
  listed: string | undefined,
): string | undefined {
  const found = actSessionOf(listed ?? called, hub.hasSession);
  if (found !== undefined || !called.endsWith('_act') || hub.registry.get(called)) return found;
  return actSessionOf(actName(called.slice(0, -'_act'.length)), hub.hasSession);
}

/** An `act` call's arguments, checked: which action, and its own arguments. */
export type ActRequest =
  | { ok: true; widget: string; action: string; args: unknown }
  | { ok: false; issues: { path: string[]; message: string }[] };

/**
 * Reads `{widget, action, args}`. `args` is JSON object text as listed, an object, or absent/null
 * (no arguments); the action's own schema checks what is inside.
 */
export function readAct(raw: unknown): ActRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, issues: [{ path: [], message: 'expected an object {widget, action, args}' }] };
  const { widget, action, args, ...rest } = raw as Record<string, unknown>;
  const issues: { path: string[]; message: string }[] = [];
  if (typeof widget !== 'string' || widget === '')
    issues.push({ path: ['widget'], message: 'expected the id of a widget on screen (a non-empty string)' });
  if (typeof action !== 'string' || action === '')
    issues.push({
      path: ['action'],
      message: 'expected the name of one of its actions (a non-empty string)',
    });
  for (const key of Object.keys(rest))
    issues.push({ path: [key], message: 'unknown key: act takes widget, action and args only' });
  let parsed: unknown = {};
  if (typeof args === 'string') {
    const text = args.trim();
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        issues.push({
          path: ['args'],
          message: `is not JSON (${error instanceof Error ? error.message : String(error)}); write the arguments as a JSON object, e.g. {"text":"hi"}, or {} for none`,
        });
      }
    }
  } else if (args !== undefined && args !== null) parsed = args;
  if (
    issues.every((i) => i.path[0] !== 'args') &&
    (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
  )
    issues.push({
      path: ['args'],
      message: 'expected a JSON object of the action\'s arguments, e.g. {"text":"hi"}, or {} for none',
    });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, widget: widget as string, action: action as string, args: parsed };
}

/** An `act` call read as the call of a widget's action. */
export type ActCall = Extract<ActRequest, { ok: true }>;

/** An `act` call whose arguments are not `{widget, action, args}`: refused at once, with the session's screen. */
export function actRefused(
  hub: Hub,
  sessionId: string,
  issues: Extract<ActRequest, { ok: false }>['issues'],
): CallAnswer {
  const error = invalidArguments(actName(sessionId), issues);
  return { ok: false, error, screen: hub.session(sessionId)?.screen() };
}

/** The canonical name of the widget's own tool an `act` call calls. */
export function actToolName(sessionId: string, acting: ActCall): string {
  return toolName(sessionId, acting.widget, acting.action);
}

/**
 * Names as an `act` call's answer shows them: the widget's own tool (which is not listed) as
 * `widget.action`, every other one as listed.
 */
export function actListedName(
  names: ToolNames,
  canonical: string,
  acting: ActCall,
): (name: string) => string {
  const shownAction = widgetActionName(acting.widget, acting.action);
  return (name: string) => (name === canonical ? shownAction : names.listed(name));
}

/**
 * Runs an `act` call through the hub: by exactly the rules of calling the widget's own tool, and
 * answered `widget_unavailable` when no widget on screen offers the action.
 */
export function callAct(hub: Hub, sessionId: string, acting: ActCall, ctx: CallContext): Promise<CallAnswer> {
  return hub.callAction(sessionId, acting.widget, acting.action, acting.args, ctx);
}
