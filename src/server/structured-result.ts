import { safeParseAsync } from 'zod/v4/core';
import { issuesFromAjv, issuesFromZod } from '../registry/argument-issues.js';
import type { ArgumentIssue } from '../registry/call-error.js';
import { formatPath, MAX_LISTED_ISSUES } from '../registry/describe-call-error.js';
import type { RegisteredTool } from '../registry/registry.js';
import { SchemaCache } from '../registry/schema-cache.js';
import { errorText } from '../util/text.js';
import { cleanStrings } from '../walker/clean-text.js';

/** A result checked against its tool's outputSchema: the value to send, or what does not match. */
export type StructuredCheck =
  | { ok: true; structured: Record<string, unknown> }
  | { ok: false; tool: string; issues: string };

const schemas = new SchemaCache();

/** Whether calls of `tool` answer structured content (checked by `structuredResult`). */
export function hasOutputSchema(tool: RegisteredTool | undefined): tool is RegisteredTool {
  return tool !== undefined && 'outputSchema' in tool && tool.outputSchema !== undefined;
}

/**
 * The `structuredContent` of a successful call, for a tool that declared an outputSchema (undefined
 * for the others: per the MCP spec structured content goes with an outputSchema, and clients that
 * find it show nothing else). A zod outputSchema parses the value (its output is sent, as it is what
 * the listed schema describes); a JSON Schema validates the value's JSON. Never throws.
 */
export async function structuredResult(
  tool: RegisteredTool | undefined,
  value: unknown,
  listedName: string,
): Promise<StructuredCheck | undefined> {
  const schema = tool && 'outputSchema' in tool ? tool.outputSchema : undefined;
  if (!tool || schema === undefined) return undefined;
  const fail = (issues: string): StructuredCheck => ({ ok: false, tool: listedName, issues });
  try {
    let data = value;
    if ('outputZod' in tool && tool.outputZod !== undefined) {
      const parsed = await safeParseAsync(tool.outputZod, value);
      if (!parsed.success) return fail(listIssues(issuesFromZod(parsed.error.issues)));
      data = parsed.data;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return fail(`(result): must be an object (got ${kindOf(data)})`);
    const json = jsonObject(data);
    if (json === undefined)
      return fail('(result): JSON cannot encode it (a cycle, a bigint, or nesting too deep)');
    const compiled = schemas.get(schema);
    if (!compiled.ok) return fail(`the outputSchema cannot be compiled (${compiled.reason})`);
    const answer = compiled.validate(json);
    if (answer !== true) return fail(listIssues(issuesFromAjv(answer, json)));
    return { ok: true, structured: json };
  } catch (error) {
    return fail(`checking it threw (${errorText(error)})`);
  }
}

/**
 * The value as a fresh JSON object (what goes on the wire, its strings cleaned as an app's text is:
 * clean-text.ts), or undefined when JSON cannot encode it.
 */
function jsonObject(value: object): Record<string, unknown> | undefined {
  try {
    const copy: unknown = JSON.parse(JSON.stringify(value, cleanStrings));
    return typeof copy === 'object' && copy !== null && !Array.isArray(copy)
      ? (copy as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function listIssues(issues: readonly ArgumentIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((i) => `${i.path.length === 0 ? '(result)' : formatPath(i.path)}: ${i.message}`);
  const more = issues.length - listed.length;
  return listed.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function kindOf(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  return typeof x;
}
