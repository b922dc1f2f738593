import { MAX_DEPTH } from '../walker/limits.js';
/**
 * A validator for the JSON Schemas tools are usually made of, built without generating code. Ajv
 * compiles each schema into a function, and its first compile in a process costs 10–20 ms of cold
 * code generation on a 2-core machine: most of an agent's first call of a tool such as
 * `keyboard.type` (bench/README.md, "Issue #17, fifth round"). This walks the schema instead.
 *
 * It answers exactly what Ajv (as src/registry/schema-cache.ts configures it: not strict, no formats,
 * no coercion) answers, for the keywords it takes; a schema with any other keyword Ajv knows, an
 * enum or const that is not a plain scalar, or a pattern that does not compile gives `undefined`,
 * and Ajv validates it. Ajv still words the errors: a call this rejects is checked again by Ajv.
 * test/registry/quick-validator.property.test.ts holds the two to the same answers.
 *
 * The schema must be well formed (src/registry/plain-schema.ts): keyword values are not checked here.
 */
export type QuickValidator = (data: unknown) => boolean;

export function quickValidator(schema: unknown): QuickValidator | undefined {
  return build(schema);
}

/** Every keyword Ajv 2020 defines (`ajv.RULES.keywords`): a test holds this list to Ajv's. */
export const AJV_KEYWORDS: readonly string[] = [
  ...['$async', '$dynamicAnchor', '$dynamicRef', '$recursiveAnchor', '$recursiveRef', '$schema', '$id'],
  ...['$defs', '$vocabulary', '$comment', 'definitions', 'id', '$ref', 'maximum', 'minimum'],
  ...['exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern'],
  ...['maxProperties', 'minProperties', 'required', 'maxItems', 'minItems', 'uniqueItems', 'type'],
  ...['nullable', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else'],
  ...['propertyNames', 'additionalProperties', 'dependencies', 'properties', 'patternProperties'],
  ...['prefixItems', 'items', 'contains', 'format', 'title', 'description', 'default', 'deprecated'],
  ...['readOnly', 'writeOnly', 'examples', 'contentMediaType', 'contentEncoding', 'contentSchema'],
  ...['dependentRequired', 'dependentSchemas', 'maxContains', 'minContains'],
  ...['unevaluatedProperties', 'unevaluatedItems'],
];

/** Keywords that never change the answer here: annotations, and `format` (Ajv runs with `validateFormats: false`). */
const ANNOTATIONS = new Set([
  'format',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'contentMediaType',
  'contentEncoding',
  '$comment',
]);

type Data = Record<string, unknown>;
type Kind = 'any' | 'string' | 'number' | 'object' | 'array';
type Rule = { kind: Kind; test: (data: never) => boolean };

function build(schema: unknown, depth = 0): QuickValidator | undefined {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > MAX_DEPTH)
    return undefined;
  const rules: Rule[] = [];
  const s = schema as Data;
  for (const key in s) {
    const value = s[key];
    // Ajv applies a keyword only when the schema's value for it is defined (applicability.js).
    if (value === undefined || ANNOTATIONS.has(key)) continue;
    if (key === 'additionalProperties') continue; // with `properties`, below
    const rule = ruleFor(key, value, s, depth);
    if (rule === null) continue; // not a keyword Ajv knows: ignored, as Ajv does when not strict
    if (rule === undefined) return undefined;
    rules.push(rule);
  }
  if (s.additionalProperties !== undefined && s.properties === undefined) {
    const rule = propertiesRule({}, s.additionalProperties, depth);
    if (rule === undefined) return undefined;
    rules.push(rule);
  }
  return (data) => {
    const kind = kindOf(data);
    for (const rule of rules)
      if ((rule.kind === 'any' || rule.kind === kind) && !(rule.test as (d: unknown) => boolean)(data))
        return false;
    return true;
  };
}

/** The rule for one keyword; `undefined`: a keyword Ajv knows that this does not take; `null`: not one of Ajv's. */
function ruleFor(key: string, value: unknown, s: Data, depth: number): Rule | null | undefined {
  switch (key) {
    case 'type': {
      const types = new Set(typeof value === 'string' ? [value] : (value as string[]));
      return { kind: 'any', test: (data: unknown) => hasType(data, types) };
    }
    case 'enum': {
      const values = value as unknown[];
      if (values.length === 0 || !values.every(isScalar)) return undefined;
      return { kind: 'any', test: (data: unknown) => values.some((v) => v === data) };
    }
    case 'const':
      if (!isScalar(value)) return undefined;
      return { kind: 'any', test: (data: unknown) => data === value };
    case 'not': {
      const sub = build(value, depth + 1);
      return sub && { kind: 'any', test: (data: unknown) => !sub(data) };
    }
    case 'allOf':
    case 'anyOf':
    case 'oneOf': {
      const subs = (value as unknown[]).map((v) => build(v, depth + 1));
      if (!subs.every((v): v is QuickValidator => v !== undefined)) return undefined;
      if (key === 'allOf') return { kind: 'any', test: (data: unknown) => subs.every((v) => v(data)) };
      if (key === 'anyOf') return { kind: 'any', test: (data: unknown) => subs.some((v) => v(data)) };
      return { kind: 'any', test: (data: unknown) => subs.filter((v) => v(data)).length === 1 };
    }
    // Ajv fails NaN on every bound (`data < min || isNaN(data)`): these comparisons are false for it.
    case 'minimum':
      return number((n) => n >= (value as number));
    case 'maximum':
      return number((n) => n <= (value as number));
    case 'exclusiveMinimum':
      return number((n) => n > (value as number));
    case 'exclusiveMaximum':
      return number((n) => n < (value as number));
    case 'multipleOf':
      // Ajv: `res = data / multipleOf, res !== parseInt(res)` (vocabularies/validation/multipleOf.js).
      return number((n) => {
        const ratio = n / (value as number);
        return ratio === Number.parseInt(String(ratio), 10);
      });
    case 'minLength':
      return string((t) => codePoints(t) >= (value as number));
    case 'maxLength':
      return string((t) => codePoints(t) <= (value as number));
    case 'pattern': {
      let pattern: RegExp;
      try {
        pattern = new RegExp(value as string, 'u'); // Ajv's `unicodeRegExp` default
      } catch {
        return undefined; // Ajv refuses the schema, in its words
      }
      return string((t) => pattern.test(t));
    }
    case 'minItems':
      return { kind: 'array', test: (a: unknown[]) => a.length >= (value as number) };
    case 'maxItems':
      return { kind: 'array', test: (a: unknown[]) => a.length <= (value as number) };
    case 'items': {
      const sub = build(value, depth + 1);
      // An index loop, as Ajv's: a hole in a sparse array is checked as `undefined`.
      return sub && { kind: 'array', test: (a: unknown[]) => everyIndex(a, sub) };
    }
    case 'minProperties':
      return { kind: 'object', test: (o: Data) => Object.keys(o).length >= (value as number) };
    case 'maxProperties':
      return { kind: 'object', test: (o: Data) => Object.keys(o).length <= (value as number) };
    case 'required': {
      const names = value as string[];
      // Ajv's default (`ownProperties: false`) reads the property as `data[name] !== undefined`.
      return { kind: 'object', test: (o: Data) => names.every((name) => o[name] !== undefined) };
    }
    case 'properties':
      return propertiesRule(value as Data, s.additionalProperties, depth);
    default:
      return AJV_KEYWORD_SET.has(key) ? undefined : null;
  }
}

const AJV_KEYWORD_SET = new Set(AJV_KEYWORDS);

/** `properties` and `additionalProperties` together: what is not a declared property is "additional". */
function propertiesRule(properties: Data, additional: unknown, depth: number): Rule | undefined {
  // Ajv leaves a property named `__proto__` out of both (`allSchemaProperties`, vocabularies/code.js).
  const names = Object.keys(properties).filter((name) => name !== '__proto__');
  const declared: [string, QuickValidator][] = [];
  for (const name of names) {
    const sub = build(properties[name], depth + 1);
    if (sub === undefined) return undefined;
    declared.push([name, sub]);
  }
  const rest = additional === undefined ? undefined : build(additional, depth + 1);
  if (additional !== undefined && rest === undefined) return undefined;
  // Past 8 names Ajv asks the schema's object instead (`isOwnProperty`), where `__proto__` can be one.
  const set = new Set(names);
  const known =
    names.length > 8 ? (key: string) => Object.hasOwn(properties, key) : (key: string) => set.has(key);
  return {
    kind: 'object',
    test: (o: Data) => {
      for (const [name, sub] of declared) {
        const value = o[name];
        if (value !== undefined && !sub(value)) return false;
      }
      if (rest !== undefined)
        // `for … in`, as Ajv's own loop: inherited enumerable keys are additional too.
        for (const key in o) if (!known(key) && !rest(o[key])) return false;
      return true;
    },
  };
}

function everyIndex(items: readonly unknown[], valid: QuickValidator): boolean {
  for (let i = 0; i < items.length; i++) if (!valid(items[i])) return false;
  return true;
}

const number = (test: (n: number) => boolean): Rule => ({ kind: 'number', test });
const string = (test: (t: string) => boolean): Rule => ({ kind: 'string', test });

/** The data's kind, as Ajv's type checks tell them apart (compile/validate/dataType.js). */
function kindOf(data: unknown): Kind {
  if (typeof data === 'string') return 'string';
  if (typeof data === 'number') return 'number';
  if (Array.isArray(data)) return 'array';
  if (data && typeof data === 'object') return 'object';
  return 'any';
}

/** Ajv's checks, with `strictNumbers` off (as `strict: false` sets it): NaN is a number, Infinity an integer. */
function hasType(data: unknown, types: ReadonlySet<string>): boolean {
  for (const type of types) {
    switch (type) {
      case 'null':
        if (data === null) return true;
        break;
      case 'array':
        if (Array.isArray(data)) return true;
        break;
      case 'object':
        if (data && typeof data === 'object' && !Array.isArray(data)) return true;
        break;
      case 'integer':
        if (typeof data === 'number' && !(data % 1) && !Number.isNaN(data)) return true;
        break;
      default:
        if (typeof data === type) return true;
    }
  }
  return false;
}

/** A value `===` compares as Ajv's deep equality does: a string, boolean, null or finite number. */
function isScalar(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value === null ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** The length in code points, as Ajv counts it (runtime/ucs2length.js): a lone surrogate counts as one. */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length--;
      i++;
    }
  }
  return length;
}
