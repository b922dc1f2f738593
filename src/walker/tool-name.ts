/**
 * The naming rule: a tool's canonical name is its segments joined by `.` — `session.widget.action`
 * for a widget's action, `session.<name>` for a session's own tools (`session.act`,
 * `session.keyboard.press`) — and its first segment is the session it belongs to. Every name is built
 * and taken apart here; how a server *lists* a name to a client (dotted, portable, hashed) is decided
 * in src/server/tool-names.ts. `test/naming-rule.test.ts` checks that no other file builds or splits one.
 */

/** The canonical name of a widget's action. */
export function toolName(sessionId: string, widgetId: string, action: string): string {
  return `${sessionId}.${widgetId}.${action}`;
}

/** The canonical name of a session's own tool (`act`, a built-in such as `keyboard.press`). */
export function sessionToolName(sessionId: string, name: string): string {
  return `${sessionId}.${name}`;
}

/** A widget's action as an `act` call shows it, without the session: `widget.action`. */
export function widgetActionName(widgetId: string, action: string): string {
  return `${widgetId}.${action}`;
}

/** The widget of a `widget.action` name (`widgetActionName`'s): ids and action names have no dots. */
export function widgetOfAction(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** The session a canonical name belongs to: its first segment (the whole name when it has no dot). */
export function sessionOf(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** A name's segments. */
export function nameSegments(name: string): string[] {
  return name.split('.');
}

/** The canonical name with its dots written as `_`: what clients that rewrite dots call it. */
export function underscored(name: string): string {
  return name.replaceAll('.', '_');
}
