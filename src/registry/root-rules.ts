import type { ArgumentIssue } from './call-error.js';
import { takesNoArguments } from './no-arguments.js';
import { plainlyWellFormed } from './plain-schema.js';
import { quickValidator } from './quick-validator.js';

/** What the root of a tool's schema asks of a call beyond the schema itself, worked out once per schema. */
interface RootPlan {
  /** The tool takes no arguments: every key is refused (src/registry/no-arguments.ts). */
  noArguments: boolean;
  /** Required properties whose schema takes `null`: one the call leaves out is read as `null`. */
  nullable: readonly string[];
}

export type RootResult = { ok: true; args: Record<string, unknown> } | { ok: false; issues: ArgumentIssue[] };

/** By schema object: a tool's schema is the same object call after call, so this costs a lookup. */
const plans = new WeakMap<object, RootPlan>();

/**
 * The two rules the arguments' root follows before the schema checks them:
 *
 * - A tool that takes no arguments refuses every key. Its root is listed closed
 *   (src/server/strict-schema.ts adds `additionalProperties: false`), and this is where validation
 *   applies the same closing, so a call the listing rules out is not accepted.
 * - A property the root requires, whose schema takes `null`, may be left out; it is read as `null`.
 *   OpenAI's strict mode has every property required, and an optional one written as nullable (the
 *   built-ins' `screen.wait_for {text, pattern, timeout_ms}`); a person, or a client without strict
 *   mode, leaves such a one out. The handler then gets `null`, exactly what a strict client would have
 *   sent, and zod's parse an input its nullable type accepts. The caller's object is never written
 *   into: a copy is made when something is filled in.
 *
 * Other missing properties are left to the schema, which words them as before.
 */
export function applyRootRules(schema: object, input: Record<string, unknown>): RootResult {
  const plan = planFor(schema);
  if (plan.noArguments) {
    const extra = Object.keys(input);
    if (extra.length === 0) return { ok: true, args: input };
    return { ok: false, issues: extra.map((key) => ({ path: [key], message: NO_ARGUMENTS })) };
  }
  let args = input;
  for (const name of plan.nullable) {
    // Own properties only: an inherited `constructor` is not an argument the caller gave.
    if (Object.hasOwn(args, name) && args[name] !== undefined) continue;
    if (args === input) args = copyOf(input);
    // A plain assignment makes an own property: `__proto__`, the one key it would not, is never planned.
    args[name] = null;
  }
  return { ok: true, args };
}

/**
 * A shallow copy built key by key. (V8 makes a spread's result an object that adding properties
 * turns slow: `{ ...input }` then two assignments took ~3 µs, this ~0.1 µs.)
 */
function copyOf(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    // An own `__proto__` (JSON.parse makes one) must stay a property, not become the prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: input[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = input[key];
  }
  return out;
}

const NO_ARGUMENTS = 'is not allowed: this tool takes no arguments (call it with {})';

function planFor(schema: object): RootPlan {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = makePlan(schema as Record<string, unknown>);
    plans.set(schema, plan);
  }
  return plan;
}

function makePlan(schema: Record<string, unknown>): RootPlan {
  if (takesNoArguments(schema)) return { noArguments: true, nullable: [] };
  const { required, properties } = schema;
  if (!Array.isArray(required) || typeof properties !== 'object' || properties === null) {
    return { noArguments: false, nullable: [] };
  }
  const nullable: string[] = [];
  for (const name of required) {
    // Ajv leaves a property named `__proto__` out of `properties`: its schema is never applied.
    if (typeof name !== 'string' || name === '__proto__' || !Object.hasOwn(properties, name)) continue;
    if (takesNull((properties as Record<string, unknown>)[name])) nullable.push(name);
  }
  return { noArguments: false, nullable };
}

/**
 * Whether a property's schema accepts `null`, answered exactly (the quick validator answers as Ajv
 * does) for the schemas it takes; any other (`$ref`, `if`, …) counts as not, so its property stays
 * required as written.
 */
function takesNull(schema: unknown): boolean {
  if (!plainlyWellFormed(schema)) return false;
  return quickValidator(schema)?.(null) === true;
}
