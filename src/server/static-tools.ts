import type { StaticCallInfo, StaticToolInput } from '../registry/registry.js';
import { defined } from '../util/defined.js';
import { cleanSpec } from '../walker/clean-spec.js';
import { describeSpecFault } from '../walker/describe-refusal.js';
import { ID_RULE } from '../walker/id-rule.js';
import { isId } from '../walker/ids.js';
import { pickAnnotations } from '../walker/pick-annotations.js';
import { nameSegments, sessionOf } from '../walker/tool-name.js';
import type { ActionAnnotations, JsonSchemaObject, ToolAnnotations, ZodSchema } from '../walker/types.js';
import { isZodSchema } from '../walker/zod-schema.js';
import { unlistableSchema } from './list-tools.js';

/** A server-level tool: it belongs to no session, and is listed next to the sessions' tools. */
export interface ServerToolInput {
  /** One or more segments of [A-Za-z0-9_-] (1–32 each) joined by `.`; the first must be no session's id. */
  name: string;
  description?: string | null;
  /** JSON Schema (an object schema) or a zod object; cleaned like a widget's action. @default {} arguments */
  inputSchema?: JsonSchemaObject | ZodSchema;
  /**
   * Only `sensitive: true` and `destructiveHint: true` (either puts calls behind the authorizer) and
   * `readOnlyHint: true` (dropped with either of them) are kept.
   */
  annotations?: ActionAnnotations | ToolAnnotations;
  /** Parses the arguments (its output is what `run` gets). @default the inputSchema, when it is a zod schema */
  zod?: ZodSchema;
  run(args: Record<string, unknown>, call: StaticCallInfo): unknown;
}

export type StaticCheck = { ok: true; tool: StaticToolInput } | { ok: false; message: string };

/** The SDK's tool name rule (SEP-986). */
const TOOL_NAME = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The boot check of a server-level tool: a valid name that no session's namespace claims, a spec
 * cleaned exactly like a derived one, and a schema every client can list. Never throws.
 */
export function checkStaticTool(input: ServerToolInput, sessionIds: ReadonlySet<string>): StaticCheck {
  const name: unknown = input?.name;
  const refuse = (why: string): StaticCheck => ({
    ok: false,
    message: `ink-mcp: the server tool ${quote(name)} was refused: ${why}`,
  });
  if (typeof name !== 'string' || !TOOL_NAME.test(name) || !nameSegments(name).every(isId)) {
    return refuse(
      `a tool name is one or more segments of ${ID_RULE} joined by "." (at most 128 in all). Rename it.`,
    );
  }
  const namespace = sessionOf(name);
  if (sessionIds.has(namespace)) {
    return refuse(
      `its first segment "${namespace}" is the id of an attached session, whose tools all start with "${namespace}.". Rename the tool or the session.`,
    );
  }
  if (typeof input.run !== 'function') return refuse('it has no run function.');
  const cleaned = cleanSpec(input.description, input.inputSchema);
  if (!cleaned.ok) return refuse(`${describeSpecFault(cleaned.fault)}.`);
  const unlistable = unlistableSchema(cleaned.inputSchema);
  if (unlistable !== undefined) return refuse(`${unlistable}; MCP clients reject such a tool.`);
  const zod = input.zod ?? (isZodSchema(input.inputSchema) ? input.inputSchema : undefined);
  return {
    ok: true,
    tool: {
      name,
      description: cleaned.description,
      inputSchema: cleaned.inputSchema,
      annotations: pickAnnotations(input.annotations),
      ...defined({ zod }),
      run: input.run,
    },
  };
}

function quote(x: unknown): string {
  return typeof x === 'string' ? JSON.stringify(x.length > 80 ? `${x.slice(0, 77)}...` : x) : `(${typeof x})`;
}
