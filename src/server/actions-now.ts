import { needsAuthorization } from '../registry/authorize.js';
import { clip } from '../util/text.js';
import { widgetActionName } from '../walker/tool-name.js';
import type { JsonObject, ToolDef } from '../walker/types.js';

/** More actions than this are counted, not listed: an answer stays readable in a large app. */
const MAX_LISTED = 100;
const MAX_DESCRIPTION = 120;
const MAX_ARGUMENTS = 160;

/**
 * The actions a session's widgets offer now, a line each (`widget.action {arguments}: what it does`),
 * for the end of an answer on the stable surface: a model that reads its tools once still learns,
 * at every step, what it can do next. `act` names the tool that performs them, as the client lists it.
 */
export function actionsNowText(tools: readonly ToolDef[], act: string, sessionId: string): string {
  if (tools.length === 0)
    return 'Actions now: none (no widget on the screen offers one); use the keyboard and screen tools.';
  const lines = tools.slice(0, MAX_LISTED).map(actionLine);
  const more = tools.length - lines.length;
  if (more > 0) lines.push(`… and ${more} more (the resource ink://${sessionId}/tree has them all).`);
  return `Actions now (call ${act} with widget, action and args):\n${lines.join('\n')}`;
}

function actionLine(tool: ToolDef): string {
  const approval = needsAuthorization(tool.annotations)
    ? ' (needs approval)'
    : tool.annotations.readOnlyHint
      ? ' (read-only)'
      : '';
  const summary = firstSentence(tool.description);
  return `- ${widgetActionName(tool.widgetId, tool.action)} ${argumentSummary(tool.inputSchema)}${approval}${summary === '' ? '' : `: ${summary}`}`;
}

function firstSentence(description: string | null): string {
  if (description === null) return '';
  const line = description.trim().split('\n', 1)[0] ?? '';
  const end = line.search(/\.(\s|$)/);
  return clip(end < 0 ? line : line.slice(0, end + 1), MAX_DESCRIPTION);
}

/** `{text: string, index?: integer}`: the top-level arguments, `?` when optional. */
export function argumentSummary(schema: JsonObject): string {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return '{}';
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parts = Object.entries(properties as Record<string, unknown>).map(
    ([key, value]) => `${key}${required.has(key) ? '' : '?'}: ${typeName(value)}`,
  );
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
