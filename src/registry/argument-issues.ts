import type { ErrorObject } from 'ajv/dist/2020.js';
import type { $ZodIssue } from 'zod/v4/core';
import { clip } from '../util/text.js';
import type { ArgumentIssue } from './call-error.js';

/** The allowed values a message spells out, in characters. */
const MAX_VALUES_SHOWN = 200;

/**
 * Ajv's and zod's errors turned into one zod-like shape: a path from the arguments object to the
 * offending value, and a message a model can act on. A missing or unexpected property is pointed at
 * by its own path (not its parent's), because that is where the fix goes.
 */
export function issuesFromAjv(errors: readonly ErrorObject[], data: unknown): ArgumentIssue[] {
  return errors.map((error) => {
    const path = pointerToPath(error.instancePath, data);
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        return { path: [...path, String(params.missingProperty)], message: 'is required' };
      case 'additionalProperties':
        return {
          path: [...path, String(params.additionalProperty)],
          message: 'is not allowed (the schema has no such property)',
        };
      case 'type':
        return { path, message: `must be ${listOf(params.type)} (got ${kindOf(valueAt(data, path))})` };
      case 'enum':
        return { path, message: `must be one of ${clip(jsonList(params.allowedValues), MAX_VALUES_SHOWN)}` };
      case 'const':
        return { path, message: `must be ${clip(safeJson(params.allowedValue), MAX_VALUES_SHOWN)}` };
      default:
        return { path, message: error.message ?? `fails the "${error.keyword}" rule of the schema` };
    }
  });
}

/** zod's paths may hold symbols (never in JSON arguments, but the type allows them): they become text. */
export function issuesFromZod(issues: readonly $ZodIssue[]): ArgumentIssue[] {
  return issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    if (issue.code === 'unrecognized_keys') {
      return { path, message: `has properties the schema does not allow: ${issue.keys.join(', ')}` };
    }
    return { path, message: issue.message };
  });
}

/**
 * A JSON pointer (`/items/0/name`) as path segments. A segment is a number only where the value it
 * indexes is an array, so an object key "0" stays a string.
 */
function pointerToPath(pointer: string, data: unknown): (string | number)[] {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let value = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const index = Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    path.push(index ?? key);
    value = step(value, index ?? key);
  }
  return path;
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const key of path) value = step(value, key);
  return value;
}

/** Own properties only: a path segment named `__proto__` or `constructor` must not reach a prototype. */
function step(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function listOf(type: unknown): string {
  return Array.isArray(type) ? type.map(String).join(' or ') : String(type);
}

function jsonList(values: unknown): string {
  return Array.isArray(values) ? values.map(safeJson).join(', ') : safeJson(values);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
