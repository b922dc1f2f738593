import {
  holdsSecretValue,
  type IsSecret,
  REDACTED,
  secretNameTest,
  VALUE_KEYS,
} from '../util/secret-names.js';
import { cleanText } from '../walker/clean-text.js';
import { deriveWithRefusals } from '../walker/derive.js';
import type { DeriveCache } from '../walker/derive-cache.js';
import type { JsonObject, JsonValue, ToolDef, ViewNode } from '../walker/types.js';

/** One node of the `ink://<session>/tree` resource. */
export interface TreeNodeJson {
  type: string;
  id?: string;
  attrs: JsonObject;
  /** The tools this node offers now, as the reading connection lists them. */
  tools: string[];
  /** This widget holds Ink focus (the component that has it is inside it). */
  focused?: true;
  children: TreeNodeJson[];
}

/** The built-in `focus` node's type; its attrs name the widget that encloses the focused component. */
const FOCUS_NODE = 'ink-mcp:focus';

export { type IsSecret, REDACTED };

/** Which attribute names hold a secret (src/util/secret-names.ts), without the author's `redact`/`reveal`. */
const builtInSecrets: IsSecret = secretNameTest();
/** Attribute values nested deeper than this are summarised: a tree resource is for reading, not dumping. */
const MAX_ATTR_DEPTH = 6;
/** The most attribute values one node shows; the rest are cut. */
const MAX_ATTR_VALUES = 1000;

/**
 * The view tree as JSON a model can read: type, id, JSON-safe attrs (no functions; secrets
 * redacted), children, and the names of the tools each node offers now (derived afresh from the same
 * tree, so names and nodes agree). `context.cache`: the session's (`Session.deriveCache`), so a read
 * cleans no spec the session's commits already cleaned.
 */
export function treeJson(
  tree: readonly ViewNode[],
  context: Pick<Parameters<typeof deriveWithRefusals>[1], 'sessionId' | 'typeMap'> & { cache?: DeriveCache },
  listedName: (canonical: string) => string,
  isSecret: IsSecret = builtInSecrets,
): TreeNodeJson[] {
  const toolsOf = new Map<ViewNode, string[]>();
  // A node offering a sensitive tool holds a secret whatever it is called (a masked text input).
  const sensitive = new Set<ViewNode>();
  for (const tool of deriveWithRefusals(tree, context, context.cache).tools as ToolDef[]) {
    const names = toolsOf.get(tool.node) ?? [];
    names.push(listedName(tool.name));
    toolsOf.set(tool.node, names);
    if (tool.annotations.sensitive) sensitive.add(tool.node);
  }
  const seen = new Set<ViewNode>();
  let focusedWidget = focusedWidgetOf(tree);
  const convert = (node: ViewNode): TreeNodeJson | undefined => {
    try {
      return convertUnsafe(node);
    } catch {
      return undefined; // a hostile node (a throwing getter, a proxy) costs only itself and its subtree
    }
  };
  const convertUnsafe = (node: ViewNode): TreeNodeJson | undefined => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return undefined;
    seen.add(node);
    // Every string reaches a model: cleaned like tool lists (src/walker/clean-text.ts).
    const type = cleanText(typeof node.type === 'string' ? node.type : String(node.type));
    const id = typeof node.id === 'string' ? cleanText(node.id) : undefined;
    const out: TreeNodeJson = {
      type,
      attrs: safeAttrs(node.attrs, sensitive.has(node) || holdsSecretValue(type, id, isSecret), isSecret),
      tools: [],
      children: [],
    };
    if (id !== undefined) out.id = id;
    out.tools = toolsOf.get(node) ?? [];
    if (focusedWidget !== undefined && node.id === focusedWidget && type !== FOCUS_NODE) {
      out.focused = true;
      focusedWidget = undefined; // the first in view order, as a call would resolve it
    }
    if (Array.isArray(node.children)) {
      for (const child of node.children) {
        const converted = convert(child);
        if (converted) out.children.push(converted);
      }
    }
    return out;
  };
  return tree.map(convert).filter((n): n is TreeNodeJson => n !== undefined);
}

/** The widget id the built-in focus node names, if any (a top-level node: built-ins come first). */
function focusedWidgetOf(tree: readonly ViewNode[]): string | undefined {
  try {
    const widget = tree.find((node) => node?.type === FOCUS_NODE)?.attrs?.widget;
    return typeof widget === 'string' ? widget : undefined;
  } catch {
    return undefined;
  }
}

/** A node's attrs with everything JSON cannot say dropped or summarised, and secrets redacted. */
export function safeAttrs(
  attrs: unknown,
  secretValue = false,
  isSecret: IsSecret = builtInSecrets,
): JsonObject {
  let out: JsonObject;
  try {
    out = objectJson(attrs, 0, new Set(), { left: MAX_ATTR_VALUES, isSecret });
  } catch {
    return { attrs: '[unreadable]' }; // a hostile attrs object (a throwing proxy) costs only this node
  }
  if (secretValue) {
    for (const key of VALUE_KEYS) if (Object.hasOwn(out, key)) out[key] = REDACTED;
  }
  return out;
}

/** What one node's conversion carries down: values left to show, and the secret-name rule. */
interface Budget {
  left: number;
  readonly isSecret: IsSecret;
}

function objectJson(value: unknown, depth: number, seen: Set<object>, budget: Budget): JsonObject {
  const out: JsonObject = {};
  if (typeof value !== 'object' || value === null) return out;
  seen.add(value);
  for (const rawKey of Object.keys(value)) {
    const key = cleanText(rawKey); // cleaned before the secret test: "pass\u200Bword" is a password
    let item: JsonValue | undefined;
    try {
      const raw = (value as Record<string, unknown>)[rawKey];
      item = raw !== undefined && budget.isSecret(key, raw) ? REDACTED : toJson(raw, depth + 1, seen, budget);
    } catch {
      item = '[unreadable]'; // a throwing getter costs only its own key
    }
    if (item === undefined) continue;
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  seen.delete(value);
  return out;
}

/** undefined means "leave the key out" (functions, symbols, undefined), as JSON.stringify does. */
function toJson(value: unknown, depth: number, seen: Set<object>, budget: Budget): JsonValue | undefined {
  if (--budget.left < 0) return budget.left === -1 ? '[…more values cut]' : undefined;
  switch (typeof value) {
    case 'string':
      return cleanText(value);
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (seen.has(value)) return '[circular]';
  if ('$$typeof' in value) return '[element]'; // a React element: its fiber links are no one's business
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth > MAX_ATTR_DEPTH) return Array.isArray(value) ? '[array]' : '[object]';
  if (Array.isArray(value)) {
    seen.add(value);
    const items = value.map((item) => toJson(item, depth + 1, seen, budget) ?? null);
    seen.delete(value);
    return items;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return `[${typeof name === 'string' && name !== '' ? name : 'object'}]`;
  }
  return objectJson(value, depth, seen, budget);
}
