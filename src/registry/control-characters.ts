import { HIDDEN_IN_INPUT_RE } from '../walker/clean-text.js';
import type { ArgumentIssue } from './call-error.js';

/**
 * Terminal control characters: C0 controls other than TAB, LF and CR (ESC among them), DEL, and the
 * C1 controls (8-bit CSI, OSC, DCS, ...). Any of them in text an app renders can make the person's
 * terminal act instead of print: set its title, write its clipboard (OSC 52), plant a hyperlink
 * (OSC 8), move the cursor. An agent's strings must never carry them to the terminal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Either kind an agent's string may not carry: a terminal control, or a character the person cannot
 * see that changes how the text reads (a bidi override, a zero-width space: `HIDDEN_IN_INPUT_RE`,
 * the text rule's, src/walker/clean-text.ts). Rendered, `Pay \u202E0001$` reads backwards on the
 * person's screen while the agent's cleaned copy of it reads plain.
 */
const REFUSED = new RegExp(`${TERMINAL_CONTROL.source}|${HIDDEN_IN_INPUT_RE.source}`, 'u');

/**
 * The JSON Schema keyword that lets one field (and everything under it) carry control characters:
 * `{ type: 'string', 'x-ink-mcp-allow-control': true }`, or `z.string().meta({ 'x-ink-mcp-allow-control': true })`.
 * On the inputSchema itself it opts the whole tool out.
 */
export const ALLOW_CONTROL_KEYWORD = 'x-ink-mcp-allow-control';

const NAMES: Record<number, string> = {
  0: 'NUL',
  7: 'BEL',
  8: 'BS',
  27: 'ESC',
  127: 'DEL',
  155: 'CSI',
  157: 'OSC',
};

/**
 * Why `text` must not reach a terminal (its first control character, named and placed), or
 * undefined when it may. The rule for every string an agent sends: arguments, typed text.
 */
export function terminalControlIssue(text: string): string | undefined {
  const match = REFUSED.exec(text);
  if (match === null) return undefined;
  const code = text.codePointAt(match.index) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (!TERMINAL_CONTROL.test(match[0]))
    return `must not contain invisible or text-direction characters (found ${hex}, ${hiddenName(code)}, at index ${match.index}): a person would not see it, or would read the text reordered. Send the plain text`;
  const name = NAMES[code] ?? (code < 0x80 ? 'a C0 control' : 'a C1 control');
  return `must not contain terminal control characters (found ${hex}, ${name}, at index ${match.index}): send plain text (TAB, LF and CR are allowed)`;
}

function hiddenName(code: number): string {
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return 'a bidi override';
  if (code === 0x200e || code === 0x200f || code === 0x061c) return 'a direction mark';
  if (code === 0x2028 || code === 0x2029) return 'a line or paragraph separator';
  if (code >= 0xe0000 && code <= 0xe007f) return 'a tag character';
  return 'an invisible character';
}

/** At most this many strings are reported: one is enough to act on, a few show a pattern. */
const MAX_ISSUES = 5;

interface Pending {
  value: unknown;
  /** Where `value` sits: its parent's entry and its key there (a chain, so depth costs no copies). */
  parent: Pending | undefined;
  key: string | number;
  /** The schema nodes that describe `value` (several under allOf/anyOf/oneOf). */
  schemas: object[];
}

function pathOf(entry: Pending, last?: string): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let at: Pending | undefined = entry; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every string (and property name) in `args`, at any depth, holding a terminal control character,
 * unless the listed `schema` opts the field out with `ALLOW_CONTROL_KEYWORD`. The schema is followed
 * through `properties`, `patternProperties`, `additionalProperties`, `prefixItems`, `items`,
 * `allOf`/`anyOf`/`oneOf` and local `$ref`s; a value the schema does not reach is checked. Iterative:
 * arguments nested thousands deep never overflow the stack.
 */
export function controlCharacterIssues(args: unknown, schema: object): ArgumentIssue[] {
  // Nearly every call carries none: then the schema (which can only exempt a field) need not be read.
  if (!holdsControl(args)) return [];
  const issues: ArgumentIssue[] = [];
  const stack: Pending[] = [{ value: args, parent: undefined, key: '', schemas: [schema] }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const entry = stack.pop() as Pending;
    const { value } = entry;
    if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) continue;
    const nodes = expand(entry.schemas, schema);
    if (nodes.some((node) => (node as Record<string, unknown>)[ALLOW_CONTROL_KEYWORD] === true)) continue;
    if (typeof value === 'string') {
      const issue = terminalControlIssue(value);
      if (issue !== undefined) issues.push({ path: pathOf(entry), message: issue });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({
          value: value[i],
          parent: entry,
          key: i,
          schemas: nodes.flatMap((n) => itemSchemas(n, i)),
        });
      }
    } else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const keyIssue = terminalControlIssue(key);
        if (keyIssue !== undefined) {
          issues.push({ path: pathOf(entry, key), message: `has a property name that ${keyIssue}` });
        }
        const child = (value as Record<string, unknown>)[key];
        stack.push({
          value: child,
          parent: entry,
          key,
          schemas: nodes.flatMap((n) => propertySchemas(n, key)),
        });
      }
    }
  }
  return issues.slice(0, MAX_ISSUES);
}

/** Whether any string in `value` (or property name), at any depth, holds a terminal control character. */
function holdsControl(value: unknown): boolean {
  if (typeof value === 'string') return REFUSED.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const at = stack.pop() as object;
    if (Array.isArray(at)) {
      for (const item of at) if (holds(item, stack)) return true;
      continue;
    }
    for (const key of Object.keys(at)) {
      if (REFUSED.test(key) || holds((at as Record<string, unknown>)[key], stack)) return true;
    }
  }
  return false;
}

/** A string holding a control character; an object or array is left on `stack` to look into. */
function holds(value: unknown, stack: object[]): boolean {
  if (typeof value === 'string') return REFUSED.test(value);
  if (typeof value === 'object' && value !== null) stack.push(value);
  return false;
}

const isNode = (x: unknown): x is object => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (node: object, key: string): unknown =>
  Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;

/** The nodes and, transitively, their allOf/anyOf/oneOf members and local $ref targets. */
function expand(schemas: readonly object[], root: object): object[] {
  const out: object[] = [];
  const queue = [...schemas];
  while (queue.length > 0 && out.length < 256) {
    const node = queue.shift() as object;
    if (out.includes(node)) continue;
    out.push(node);
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const members = own(node, keyword);
      if (Array.isArray(members)) queue.push(...members.filter(isNode));
    }
    const ref = own(node, '$ref');
    if (typeof ref === 'string') {
      const target = resolveLocalRef(root, ref);
      if (target !== undefined) queue.push(target);
    }
  }
  return out;
}

/** `#/$defs/Item` (a JSON pointer into the root schema) → that node; any other reference → undefined. */
function resolveLocalRef(root: object, ref: string): object | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isNode(node) || Array.isArray(node) ? own(node as object, key) : undefined;
  }
  return isNode(node) ? node : undefined;
}

function itemSchemas(node: object, index: number): object[] {
  const prefix = own(node, 'prefixItems');
  if (Array.isArray(prefix) && index < prefix.length) return [prefix[index]].filter(isNode);
  return [own(node, 'items')].filter(isNode);
}

function propertySchemas(node: object, key: string): object[] {
  const properties = own(node, 'properties');
  const named = isNode(properties) ? own(properties, key) : undefined;
  if (isNode(named)) return [named];
  const out: object[] = [];
  const patterns = own(node, 'patternProperties');
  if (isNode(patterns)) {
    for (const [pattern, sub] of Object.entries(patterns)) {
      if (isNode(sub) && matches(pattern, key)) out.push(sub);
    }
  }
  if (out.length > 0) return out;
  const additional = own(node, 'additionalProperties');
  return isNode(additional) ? [additional] : [];
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false; // a pattern Ajv may accept but JavaScript cannot compile: not a match here
  }
}
