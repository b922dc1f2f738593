import { needsAuthorization } from '../registry/authorize.js';
import { invalidArguments } from '../registry/call-error.js';
import { ScreenReading } from '../screen/screen-view.js';
import type { CallContext } from '../session/call-context.js';
import type { CallAnswer, Hub } from '../session/hub.js';
import { clip } from '../util/text.js';
import { ACT, SCREEN_READ } from '../walker/builtin-catalog.js';
import { cleanAppLine } from '../walker/clean-text.js';
import { RESERVED_WIDGET_IDS } from '../walker/reserved-ids.js';
import { sessionToolName, toolName, widgetActionName, widgetOfAction } from '../walker/tool-name.js';
import type { JsonObject, ToolDef } from '../walker/types.js';
import type { ToolNames } from './tool-names.js';

/**
 * The stable surface's `act` tool (`<session>.act {widget, action, args}`): which name means it, how
 * its arguments are read, how a call to it becomes the call of a widget's own action, and the
 * "Actions now" text of an answer, which lists what it can perform. Its
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
export function actSession(hub: Hub, called: string, listed: string | undefined): string | undefined {
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

// ------------------------------------------------------------------------------ "Actions now"
// What an answer on the stable surface says the session's widgets offer now: the actions `act` performs.

/** More actions than this are counted, not listed: an answer stays readable in a large app. */
const MAX_LISTED = 100;
const MAX_DESCRIPTION = 120;
const MAX_ARGUMENTS = 160;

/** One action as an answer shows it: `key` names it (`widget.action`), `line` is what is shown. */
export interface ActionLine {
  readonly key: string;
  readonly line: string;
  /**
   * An action whose spec gives its own `summary`: its widget, whose such actions share one line
   * (`widget: action {arguments} (summary), …`), and its part of that line.
   */
  readonly brief?: { readonly widget: string; readonly part: string };
}

/**
 * The actions a session's widgets offer now, a line each (`widget.action {arguments}: what it does`),
 * in view order. Two widgets with one id keep both lines (`key` then gets `#2`, `#3`…).
 */
export function actionLines(tools: readonly ToolDef[]): ActionLine[] {
  const seen = new Map<string, number>();
  return tools.map((tool) => {
    const name = widgetActionName(tool.widgetId, tool.action);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return { key: n === 1 ? name : `${name}#${n}`, ...actionLine(tool) };
  });
}

/**
 * The whole list, for the end of an answer on the stable surface: a model that reads its tools once
 * still learns what it can do next. `act` names the tool that performs them, as the client lists it.
 */
export function allActionsText(lines: readonly ActionLine[], act: string, sessionId: string): string {
  if (lines.length === 0)
    return 'Actions now: none (no widget on the screen offers one); use the keyboard and screen tools.';
  return `Actions now (do one with ${act}):\n${listed(lines, sessionId).join('\n')}`;
}

/**
 * What changed in the list since `before` (what this client was told last): the new and changed
 * lines, then the ones gone; one line when nothing changed. `read` names the read-only call that
 * gives the whole list (so a client whose history was trimmed recovers in one call). Undefined when
 * the change would be longer than the whole list: then the list is what to give.
 */
export function actionsChangeText(
  lines: readonly ActionLine[],
  before: ReadonlyMap<string, string>,
  act: string,
  read: string,
  sessionId: string,
): string | undefined {
  const changed = lines.filter((l) => before.get(l.key) !== l.line);
  const now = new Set(lines.map((l) => l.key));
  const gone = [...before.keys()].filter((key) => !now.has(key));
  if (changed.length === 0 && gone.length === 0) {
    return lines.length === 0
      ? 'Actions now: none, as before; use the keyboard and screen tools.'
      : `Actions now: as before (${lines.length}; ${read} lists all).`;
  }
  const parts = [`Actions now, what changed (${lines.length} in all; ${read} lists all):`];
  if (changed.length > 0) parts.push(...listed(changed, sessionId));
  if (gone.length > 0) parts.push(`gone: ${goneText(gone, before, now)}`);
  const text = parts.join('\n');
  return text.length < allActionsText(lines, act, sessionId).length ? text : undefined;
}

/**
 * The lines, at most `MAX_LISTED` actions, and how many more there are. The actions of one widget
 * that give a summary (`ActionSpec.summary`), next to each other, share one line.
 */
function listed(lines: readonly ActionLine[], sessionId: string): string[] {
  const kept = lines.slice(0, MAX_LISTED);
  const shown: string[] = [];
  for (let i = 0; i < kept.length; i++) {
    const { brief } = kept[i] as ActionLine;
    let end = i + 1;
    while (brief && end < kept.length && kept[end]?.brief?.widget === brief.widget) end++;
    if (brief === undefined || end - i === 1) shown.push((kept[i] as ActionLine).line);
    else
      shown.push(
        `${brief.widget}: ${kept
          .slice(i, end)
          .map((l) => l.brief?.part)
          .join(', ')}`,
      );
    i = end - 1;
  }
  const more = lines.length - kept.length;
  if (more > 0) shown.push(`… and ${more} more (the resource ink://${sessionId}/tree has them all).`);
  return shown;
}

/**
 * The actions gone, `widget.action` each; a widget none of whose actions is left is named once with
 * how many went (`edit_item (all 5 actions)`): a dialog that closed takes all of its actions.
 */
function goneText(
  gone: readonly string[],
  before: ReadonlyMap<string, string>,
  now: ReadonlySet<string>,
): string {
  const byWidget = new Map<string, string[]>();
  for (const key of new Set(gone.map(baseKey)))
    byWidget.set(widgetOfAction(key), [...(byWidget.get(widgetOfAction(key)) ?? []), key]);
  const left = new Set([...now].map(widgetOfAction));
  const told = new Set([...before.keys()].map(baseKey));
  return [...byWidget]
    .map(([widget, keys]) =>
      keys.length > 1 &&
      !left.has(widget) &&
      keys.length === [...told].filter((k) => widgetOfAction(k) === widget).length
        ? `${widget} (all ${keys.length} actions)`
        : keys.join(', '),
    )
    .join(', ');
}

function baseKey(key: string): string {
  const hash = key.indexOf('#');
  return hash < 0 ? key : key.slice(0, hash);
}

/**
 * `widget.action {arguments} (needs approval): summary`, as short as it can be and still say it: the
 * spec's own `summary` (cleaned as an app's text), else the description's first sentence.
 */
function actionLine(tool: ToolDef): Pick<ActionLine, 'line' | 'brief'> {
  const approval = needsAuthorization(tool.annotations)
    ? ' (needs approval)'
    : tool.annotations.readOnlyHint
      ? ' (read-only)'
      : '';
  const args = argumentSummary(tool.inputSchema);
  const own = tool.spec.summary;
  const summary =
    typeof own === 'string' ? clip(cleanAppLine(own), MAX_DESCRIPTION) : firstSentence(tool.description);
  const rest = `${args === '{}' ? '' : ` ${args}`}${approval}`;
  const line = `${widgetActionName(tool.widgetId, tool.action)}${rest}${summary === '' ? '' : `: ${summary}`}`;
  if (typeof own !== 'string') return { line };
  return {
    line,
    brief: { widget: tool.widgetId, part: `${tool.action}${rest}${summary === '' ? '' : ` (${summary})`}` },
  };
}

function firstSentence(description: string | null): string {
  if (description === null) return '';
  const line = description.trim().split('\n', 1)[0] ?? '';
  const end = line.search(/\.(\s|$)/);
  return clip(end < 0 ? line : line.slice(0, end + 1), MAX_DESCRIPTION);
}

/**
 * `{text, index?: integer}`: the top-level arguments, `?` when optional; a string argument is its
 * name alone (the common case, and what a bare name reads as), any other type is written out.
 */
export function argumentSummary(schema: JsonObject): string {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return '{}';
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parts = Object.entries(properties as Record<string, unknown>).map(([key, value]) => {
    const type = typeName(value);
    return `${key}${required.has(key) ? '' : '?'}${type === 'string' ? '' : `: ${type}`}`;
  });
  return clip(`{${parts.join(', ')}}`, MAX_ARGUMENTS);
}

function typeName(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum))
    return s.enum
      .slice(0, 6)
      .map((v) => JSON.stringify(v))
      .join('|');
  if ('const' in s) return JSON.stringify(s.const);
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) {
    const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as
      | unknown[]
      | undefined;
    return union ? union.slice(0, 4).map(typeName).join('|') : 'any';
  }
  return types.map((t) => (t === 'array' ? `${typeName(s.items)}[]` : String(t))).join('|');
}

/** The actions a session's widgets offer now (ink-mcp's own widgets left out: they are the built-ins), a line each. */
export function sessionActionLines(hub: Hub, sessionId: string): ActionLine[] {
  return actionLines(
    hub.registry.sessionTools(sessionId).filter((t) => !RESERVED_WIDGET_IDS.has(t.widgetId)),
  );
}

/**
 * What the actions text reads of the connection (its `CallToolContext`): `told` by its one method
 * used here, since told.ts reads this file's `ActionLine` (no import circle).
 */
interface ActionsTextContext {
  hub: Hub;
  names: ToolNames;
  told?: { actions(sessionId: string): ReadonlyMap<string, string> | undefined } | undefined;
}

/**
 * The actions part of an answer: what changed since this client's last answer about the session,
 * or the whole list (the first answer, a screen.read, a call to an action that is not there, a
 * change longer than the list, a session without screen.read to recover the whole list with, a
 * connection that remembers nothing).
 */
export function actionsText(
  { hub, names, told }: ActionsTextContext,
  sessionId: string,
  lines: readonly ActionLine[],
  result: CallAnswer,
): string {
  const act = names.listed(actName(sessionId));
  const before = told?.actions(sessionId);
  const read = sessionToolName(sessionId, SCREEN_READ.name);
  const reading = result.ok && result.value instanceof ScreenReading;
  // A call to an action that is not there says the model's picture is off: it gets the whole list.
  const astray =
    !result.ok && (result.error.code === 'widget_unavailable' || result.error.code === 'unknown_tool');
  if (before === undefined || reading || astray || hub.registry.get(read) === undefined)
    return allActionsText(lines, act, sessionId);
  return (
    actionsChangeText(lines, before, act, names.listed(read), sessionId) ??
    allActionsText(lines, act, sessionId)
  );
}
