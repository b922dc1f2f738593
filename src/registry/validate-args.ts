import type { ErrorObject } from 'ajv/dist/2020.js';
import { safeParseAsync } from 'zod/v4/core';
import { errorText } from '../util/text.js';
import type { JsonObject, ZodSchema } from '../walker/types.js';
import { issuesFromAjv, issuesFromZod } from './argument-issues.js';
import { brokenSchema, type CallErrorOf, invalidArguments } from './call-error.js';
import { controlCharacterIssues } from './control-characters.js';
import { applyRootRules } from './root-rules.js';
import { SchemaCache, type SchemaCacheOptions } from './schema-cache.js';

/** What validation needs of a tool (a ToolDef or a static tool). */
export interface ValidatableTool {
  name: string;
  /** The cleaned JSON Schema, as listed. */
  inputSchema: JsonObject;
  /** When present it is authoritative: its parsed output (transforms, defaults) is what `run` gets. */
  zod?: ZodSchema;
}

export type ArgsResult =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; error: CallErrorOf<'invalid_arguments'> };

/**
 * Checks a call's arguments before the handler runs: first the root rules (src/registry/root-rules.ts:
 * a tool without arguments takes no key; a required nullable argument left out is read as `null`),
 * then that no string carries a terminal control character (src/registry/control-characters.ts), then
 * the schema. Never throws and never writes into the caller's arguments: Ajv runs without defaults,
 * coercion or property removal, so the object handed on is the caller's own (JSON schema; a copy when
 * a left-out argument was read as `null`) or zod's fresh output (zod schema).
 */
export class ArgsValidator {
  readonly schemas: SchemaCache;

  constructor(options: SchemaCacheOptions = {}) {
    this.schemas = new SchemaCache(options);
  }

  async validate(tool: ValidatableTool, args: unknown): Promise<ArgsResult> {
    const input = args === undefined ? {} : args;
    if (!isArgsObject(input)) return notAnObject(tool.name, input);
    if (tool.zod === undefined) return this.validateJson(tool.name, tool.inputSchema, input);
    // The listed schema (zod's conversion) is the one the root rules read: zod's own `z.object({})`
    // would pass an extra key through (stripped) that the listing, closed, rules out.
    const root = applyRootRules(tool.inputSchema, input);
    if (!root.ok) return { ok: false, error: invalidArguments(tool.name, root.issues) };
    // The listed schema carries the opt-outs too: `.meta({ 'x-ink-mcp-allow-control': true })`.
    const control = controlCharacterIssues(root.args, tool.inputSchema);
    if (control.length > 0) return { ok: false, error: invalidArguments(tool.name, control) };
    return parseWithZod(tool.name, tool.zod, root.args);
  }

  /** The JSON Schema path alone (synchronous). */
  validateJson(toolName: string, schema: JsonObject, args: unknown): ArgsResult {
    const raw = args === undefined ? {} : args;
    if (!isArgsObject(raw)) return notAnObject(toolName, raw);
    const root = applyRootRules(schema, raw);
    if (!root.ok) return { ok: false, error: invalidArguments(toolName, root.issues) };
    const input = root.args;
    const control = controlCharacterIssues(input, schema);
    if (control.length > 0) return { ok: false, error: invalidArguments(toolName, control) };
    if (isBareNoArguments(schema)) return { ok: true, args: input };
    const compiled = this.schemas.get(schema);
    if (!compiled.ok) return { ok: false, error: brokenSchema(toolName, compiled.reason) };
    let answer: true | readonly ErrorObject[];
    try {
      answer = compiled.validate(input);
    } catch (error) {
      // A recursive schema walks the arguments recursively: very deep ones are the caller's fault.
      if (isStackOverflow(error)) return tooDeep(toolName);
      // A pathological pattern or an engine limit: the schema's fault, not the caller's.
      return { ok: false, error: brokenSchema(toolName, `validation threw: ${errorText(error)}`) };
    }
    if (answer === true) return { ok: true, args: input };
    const issues = issuesFromAjv(answer, input);
    return { ok: false, error: invalidArguments(toolName, issues) };
  }
}

/**
 * The schema of an action without an input schema, `{ type: 'object', properties: {} }`, or its
 * closed form (`required: []`, `additionalProperties: false`): once the root rules refused every key,
 * the empty object left passes, so nothing is compiled. (Ajv's first compile in a process costs
 * 50–300 ms on a 2-core machine — an agent's first call of such a tool waited for it: bench/README.md.)
 */
function isBareNoArguments(schema: JsonObject): boolean {
  for (const key in schema) {
    const value = schema[key];
    const bare =
      key === 'type'
        ? value === 'object'
        : key === 'additionalProperties'
          ? value === false
          : (key === 'properties' || key === 'required') && isEmpty(value);
    if (!bare) return false;
  }
  return schema.type === 'object';
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** MCP arguments are always an object; anything else is refused before any schema sees it. */
function isArgsObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

function notAnObject(toolName: string, input: unknown): ArgsResult {
  const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
  return {
    ok: false,
    error: invalidArguments(toolName, [{ path: [], message: `must be an object (got ${got})` }]),
  };
}

async function parseWithZod(toolName: string, schema: ZodSchema, input: object): Promise<ArgsResult> {
  try {
    // The async parse also accepts schemas with async refinements or transforms.
    const result = await safeParseAsync(schema, input);
    if (!result.success)
      return { ok: false, error: invalidArguments(toolName, issuesFromZod(result.error.issues)) };
    // An object schema gives an object; the handler's type (ArgsOf) carries the precise shape.
    return { ok: true, args: result.data as Record<string, unknown> };
  } catch (error) {
    if (isStackOverflow(error)) return tooDeep(toolName);
    // zod lets a throwing transform or refinement escape: the schema's fault, not the caller's.
    return { ok: false, error: brokenSchema(toolName, `its zod schema threw: ${errorText(error)}`) };
  }
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

function tooDeep(toolName: string): ArgsResult {
  return {
    ok: false,
    error: invalidArguments(toolName, [
      { path: [], message: 'are nested too deeply to be checked against the schema: send a flatter value' },
    ]),
  };
}

const shared = new ArgsValidator();

/** Validates with a process-wide cache of compiled schemas. */
export function validateArgs(tool: ValidatableTool, args: unknown): Promise<ArgsResult> {
  return shared.validate(tool, args);
}
