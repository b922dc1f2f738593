import type { Tool } from '@modelcontextprotocol/server';
import type { Logger } from '../util/logger.js';
import type { ListedTool } from './stable-surface.js';
import { strictSchema } from './strict-schema.js';

/**
 * Why a (cleaned, JSON) inputSchema cannot be listed, or undefined when it can. Clients validate the
 * whole tools/list result (the SDK client does, with a schema requiring `type: "object"` at the root),
 * so one such tool would cost the client every tool: it is left out of the listing instead.
 */
export function unlistableSchema(
  schema: Record<string, unknown>,
  field: 'inputSchema' | 'outputSchema' = 'inputSchema',
): string | undefined {
  if (schema.type !== 'object') return `its ${field} does not have type "object" at the root`;
  const { properties, required } = schema;
  if (properties !== undefined) {
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
      return `its ${field}.properties is not an object`;
    }
    for (const [key, value] of Object.entries(properties)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return `its ${field}.properties[${JSON.stringify(key)}] is not an object schema`;
      }
    }
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) {
    return `its ${field}.required is not a list of strings`;
  }
  return undefined;
}

/**
 * The tools as clients are listed them. The inputSchema is the registry's (cleaned JSON Schema) in its
 * strict-clean form (src/server/strict-schema.ts); the outputSchema is passed through as the registry
 * holds it; only the annotations that survived cleaning are shown.
 */
export function listTools(
  tools: readonly ListedTool[],
  listedName: (canonical: string) => string,
  warnOnce: (key: string, message: string) => void,
): Tool[] {
  const out: Tool[] = [];
  for (const tool of tools) {
    const outputSchema = 'outputSchema' in tool ? tool.outputSchema : undefined;
    const why =
      unlistableSchema(tool.inputSchema) ??
      (outputSchema === undefined ? undefined : unlistableSchema(outputSchema, 'outputSchema'));
    if (why !== undefined) {
      warnOnce(
        `${tool.name}\0${why}`,
        `ink-mcp: the tool "${tool.name}" is not listed: ${why}, and MCP clients reject such a tool list. ` +
          'Give the action an object schema (or a z.object()).',
      );
      continue;
    }
    const listed: Tool = {
      name: listedName(tool.name),
      inputSchema: strictSchema(tool.inputSchema) as Tool['inputSchema'],
    };
    if (outputSchema !== undefined) listed.outputSchema = outputSchema as Tool['outputSchema'];
    if (tool.description !== null) listed.description = tool.description;
    if (Object.keys(tool.annotations).length > 0) listed.annotations = { ...tool.annotations };
    out.push(listed);
  }
  return out;
}

/** A `warnOnce` for `listTools`: each distinct problem is logged once per logger. */
export function onceLogger(logger: Logger): (key: string, message: string) => void {
  const seen = new Set<string>();
  return (key, message) => {
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > 1000) seen.clear();
    logger.warn(message);
  };
}
