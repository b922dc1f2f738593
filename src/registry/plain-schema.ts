import { MAX_DEPTH } from '../walker/limits.js';
/**
 * Whether a JSON Schema is well formed by the 2020-12 meta-schema, decided without the meta-schema,
 * for the keywords tool schemas are made of (types, properties, lengths, bounds, enums, patterns,
 * combinators, annotations). Ajv checks a schema against the meta-schema before compiling it, and
 * compiling that meta-schema is most of an agent's first call in a process: 80–100 ms on a 2-core
 * machine, against 10–15 ms for the tool's own schema (bench/README.md, "Issue #17, fourth round").
 *
 * `true` only when every keyword the meta-schema defines is one checked here and holds; a keyword
 * it defines but this does not check (`$ref`, `if`, `prefixItems`, …) gives `false`, and the caller
 * asks Ajv. Keywords the meta-schema does not define are free in 2020-12 and ignored, as Ajv does.
 * test/registry/plain-schema.property.test.ts holds this to Ajv's own answer.
 */
export function plainlyWellFormed(schema: unknown): boolean {
  return isSchema(schema, 0);
}

type Check = (value: unknown, depth: number) => boolean;

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

const any: Check = () => true;
const string: Check = (v) => typeof v === 'string';
const boolean: Check = (v) => typeof v === 'boolean';
const number: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const count: Check = (v) => number(v, 0) && Number.isInteger(v) && (v as number) >= 0;
const array: Check = (v) => Array.isArray(v);
const schemaArray: Check = (v, depth) =>
  Array.isArray(v) && v.length > 0 && v.every((s) => isSchema(s, depth + 1));
const schemaMap: Check = (v, depth) => isObject(v) && Object.values(v).every((s) => isSchema(s, depth + 1));
const schema: Check = (v, depth) => isSchema(v, depth + 1);

const CHECKS: Readonly<Record<string, Check>> = {
  type: (v) =>
    typeof v === 'string'
      ? SIMPLE_TYPES.has(v)
      : Array.isArray(v) && v.length > 0 && v.every((t) => SIMPLE_TYPES.has(t)) && unique(v),
  properties: schemaMap,
  additionalProperties: schema,
  items: schema,
  not: schema,
  allOf: schemaArray,
  anyOf: schemaArray,
  oneOf: schemaArray,
  required: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string') && unique(v),
  enum: array,
  const: any,
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
  minProperties: count,
  maxProperties: count,
  minimum: number,
  maximum: number,
  exclusiveMinimum: number,
  exclusiveMaximum: number,
  multipleOf: (v) => number(v, 0) && (v as number) > 0,
  pattern: string,
  format: string,
  uniqueItems: boolean,
  title: string,
  description: string,
  $comment: string,
  default: any,
  examples: array,
  deprecated: boolean,
  readOnly: boolean,
  writeOnly: boolean,
  contentEncoding: string,
  contentMediaType: string,
};

/** The rest of what the 2020-12 meta-schema and its vocabularies define: left to Ajv. */
const UNCHECKED = new Set([
  '$id',
  '$schema',
  '$ref',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  '$defs',
  '$recursiveAnchor',
  '$recursiveRef',
  'definitions',
  'dependencies',
  'prefixItems',
  'contains',
  'patternProperties',
  'dependentSchemas',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'maxContains',
  'minContains',
  'dependentRequired',
  'contentSchema',
]);

/** The meta-schema's keywords, for the test that holds this list to Ajv's copy of it. */
export const META_KEYWORDS: readonly string[] = [...Object.keys(CHECKS), ...UNCHECKED];

function isSchema(value: unknown, depth: number): boolean {
  if (typeof value === 'boolean') return true;
  if (!isObject(value) || depth > MAX_DEPTH) return false;
  for (const key in value) {
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key] : undefined;
    if (check === undefined) {
      if (UNCHECKED.has(key)) return false;
    } else if (!check(value[key], depth)) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}
