/**
 * OpenAI's rules for a function's `parameters` under Structured Outputs with `strict: true`, as the
 * "Supported schemas" section of platform.openai.com/docs/guides/structured-outputs states them:
 *
 * - the root is an object (`type: "object"`), and not an `anyOf`;
 * - every object sets `additionalProperties: false` and lists each of its properties in `required`
 *   (an optional one is written as a union with null, still required);
 * - types: string, number, boolean, integer, object, array, null (alone or in a list), enum, anyOf;
 *   `$ref` to `#` or to `$defs`;
 * - keywords: strings `pattern`, `format` (date-time, time, date, duration, email, hostname, ipv4,
 *   ipv6, uuid), numbers `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`,
 *   arrays `minItems`, `maxItems`. `minLength`/`maxLength` are named unsupported for fine-tuned models
 *   only, so allowed here. `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`, `then`,
 *   `else` are named unsupported; anything the page does not name (`$schema`, `default`, `oneOf`,
 *   `patternProperties`, `uniqueItems`, …) is refused too, since strict mode rejects a schema with a
 *   keyword it does not support;
 * - at most 5000 object properties in all, 5 levels of object nesting, 1000 enum values.
 *
 * Returns what breaks a rule, each with its JSON path; empty when the schema passes.
 */
export function openAiStrictIssues(parameters: unknown): string[] {
  const issues: string[] = [];
  const counts = { properties: 0, enumValues: 0 };
  if (!isObject(parameters)) return ['(root): must be an object schema'];
  if (parameters.type !== 'object') issues.push('(root): type must be "object"');
  if (parameters.anyOf !== undefined) issues.push('(root): must not be anyOf');
  check(parameters, '(root)', 0, issues, counts);
  const defs = parameters.$defs;
  if (isObject(defs))
    for (const [name, def] of Object.entries(defs)) check(def, `$defs.${name}`, 0, issues, counts);
  if (counts.properties > 5000) issues.push(`(root): ${counts.properties} object properties (at most 5000)`);
  if (counts.enumValues > 1000) issues.push(`(root): ${counts.enumValues} enum values (at most 1000)`);
  return issues;
}

const TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null']);
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  '$ref',
  '$defs',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
]);
const MAX_NESTING = 5;

function check(
  schema: unknown,
  path: string,
  nesting: number,
  issues: string[],
  counts: { properties: number; enumValues: number },
): void {
  if (!isObject(schema)) {
    issues.push(`${path}: must be a schema object`);
    return;
  }
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key)) issues.push(`${path}: "${key}" is not supported in strict mode`);
  }
  const types =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (schema.type !== undefined) {
    if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPES.has(t)))
      issues.push(`${path}: type ${JSON.stringify(schema.type)} is not supported`);
  } else if (
    schema.anyOf === undefined &&
    schema.$ref === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
  ) {
    issues.push(`${path}: has no type`);
  }
  if (
    schema.$ref !== undefined &&
    !(typeof schema.$ref === 'string' && /^#(\/\$defs\/.+)?$/.test(schema.$ref))
  )
    issues.push(`${path}: $ref must point to # or #/$defs/…`);
  if (schema.format !== undefined && !FORMATS.has(String(schema.format)))
    issues.push(`${path}: format ${JSON.stringify(schema.format)} is not supported`);
  if (Array.isArray(schema.enum)) {
    counts.enumValues += schema.enum.length;
    if (!schema.enum.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
      issues.push(`${path}: enum values must be strings, numbers, booleans or null`);
  }
  if (Array.isArray(schema.anyOf)) {
    schema.anyOf.forEach((branch, i) => {
      check(branch, `${path}.anyOf[${i}]`, nesting, issues, counts);
    });
  }
  if (schema.items !== undefined) check(schema.items, `${path}.items`, nesting, issues, counts);
  if (types.includes('object') || schema.properties !== undefined) {
    checkObject(schema, path, issues);
    if (nesting + 1 > MAX_NESTING) issues.push(`${path}: objects nested more than ${MAX_NESTING} levels`);
    if (isObject(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        counts.properties++;
        check(property, `${path}.properties.${name}`, nesting + 1, issues, counts);
      }
    }
  }
}

function checkObject(schema: Record<string, unknown>, path: string, issues: string[]): void {
  if (schema.additionalProperties !== false) issues.push(`${path}: additionalProperties must be false`);
  if (!isObject(schema.properties)) {
    issues.push(`${path}: an object must list its properties`);
    return;
  }
  const names = Object.keys(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required : undefined;
  if (required === undefined) {
    issues.push(`${path}: required must list every property`);
    return;
  }
  for (const name of names)
    if (!required.includes(name)) issues.push(`${path}: "${name}" is not in required`);
  for (const name of required)
    if (!names.includes(name as string))
      issues.push(`${path}: requires "${String(name)}", which is not a property`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
