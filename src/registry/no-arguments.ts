/**
 * Root keywords by which a schema could still accept a property without declaring it in
 * `properties`, or insist on one: closing such a root would refuse calls its author meant to accept
 * (or make it accept none), so it is left as written. `additionalProperties` is judged apart: absent
 * (closed by the listing) or `false` (closed already) both mean no arguments.
 */
const ADMITS_PROPERTIES: readonly string[] = [
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'enum',
  'const',
  'minProperties',
];

/**
 * Whether a tool's cleaned inputSchema takes no arguments: an object root that declares no property
 * (`properties` and `required` empty or absent) and has no other way to admit one. Such a root is
 * listed closed (`additionalProperties: false`, src/server/strict-schema.ts) and validated closed
 * (src/registry/root-rules.ts), so what the client reads and what the registry accepts agree: a key
 * the tool has no name for is refused, not handed to a handler that declared none.
 */
export function takesNoArguments(schema: Readonly<Record<string, unknown>>): boolean {
  if (schema.type !== 'object') return false;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return false;
  if (schema.properties !== undefined && !isEmptyObject(schema.properties)) return false;
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.length === 0))
    return false;
  for (const key of ADMITS_PROPERTIES) if (schema[key] !== undefined) return false;
  return true;
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}
