import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The walker holds no state of its own (issue #32): what a derivation remembers between trees is
 * passed in and owned by a session or its source (src/walker/derive-cache.ts,
 * src/walker/splice-note.ts), so two sessions in one process share nothing and a test can start
 * from scratch. Checked on the source text, as test/layers.test.ts checks imports, so a
 * module-level cache added later fails here, naming the file and line.
 *
 * The rule, for every top-level declaration of src/walker/ (and every static field of a top-level
 * class, module-level too):
 * - `let` and `var` are state: refused; so is a static field that is not `readonly`.
 * - A `const` (or static readonly field) is allowed only when its initialiser (a trailing `as …`
 *   cast aside) is a value this check can tell is immutable:
 *   - a primitive expression: literals, names of other constants, arithmetic (no call, no
 *     brackets, no braces);
 *   - a function (`function`, an arrow), a regular expression (`/…/`, `new RegExp(…)`), a symbol
 *     (`Symbol(…)`, `Symbol.for(…)`);
 *   - a read-only table: `Object.freeze(…)`, an array or object literal marked `as const`, any value
 *     bound with a read-only type (`readonly T[]`, `ReadonlyArray<…>`, `Readonly<…>`: a literal, or
 *     a copy such as `list.flatMap(…)`), or a `new Set(…)` / `new Map(…)` bound as `ReadonlySet<…>` /
 *     `ReadonlyMap<…>`. TypeScript refuses a write through
 *     such a binding; what a table holds below its first level is data the module never writes
 *     (kept so by review), but a container built with `new` (Map, Set, WeakMap, WeakSet, WeakRef,
 *     Array) or `Array.from`/`Array.of` inside it is refused.
 *   Anything else (a mutable literal, `new Map()`, any other call's result, which may be a
 *   container) is refused.
 * (A `g` or `y` regular expression keeps `lastIndex`; the walker's are used only with `replace`,
 * which resets it.)
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const walkerDir = join(root, 'src', 'walker');

/**
 * `text` with comments, and the insides of strings, templates and regular expressions, blanked
 * (newlines kept, so positions and lines still match): what is left is code.
 */
function codeOnly(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let last = ''; // the last code character before `i` that is not blank
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      last = c;
      i = j + 1;
    } else if (c === '/' && (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last))) {
      // A regular expression (where a value starts), not a division.
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (inClass || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      blank(i + 1, j);
      last = '/';
      i = j + 1;
    } else {
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out.join('');
}

const CONTAINER_NEW = /\bnew\s+(Map|Set|WeakMap|WeakSet|WeakRef|Array)\b|\bArray\.(from|of)\s*\(/g;

/** Why a const's initialiser `init` (code only) bound with type `type` is state, or undefined when it is not. */
function refusal(init: string, type: string): string | undefined {
  let value = init.trim();
  const asConst = /\bas\s+const\s*$/.test(value);
  // A trailing cast changes no value (`Object.freeze([]) as unknown as T[]`).
  value = value.replace(/(\s+as\s+[^()[\]{}]+?)+\s*$/, '').trim();
  const readonlyType = /^(readonly\s|ReadonlyArray<|Readonly<)/.test(type);
  const collection = /^ReadonlySet</.test(type) ? 'Set' : /^ReadonlyMap</.test(type) ? 'Map' : undefined;
  const inner = [...value.matchAll(CONTAINER_NEW)];
  const built = (at: number) => `builds ${inner[at]![0].replace(/\s*\($/, '')}`;
  if (collection !== undefined && new RegExp(`^new\\s+${collection}\\b`).test(value))
    return inner.length > 1 ? built(1) : undefined;
  if (inner.length > 0) return built(0);
  if (/^(async\s+)?function\b/.test(value) || /^(async\s+)?(\([^)]*\)|\w+)\s*(:[^=]*)?=>/.test(value))
    return undefined;
  if (/^\/.*\/[a-z]*$/s.test(value) || /^new\s+RegExp\s*\(/.test(value)) return undefined;
  if (/^Symbol(\.for)?\s*\(/.test(value)) return undefined;
  if (/^Object\.freeze\s*(<[^()]*>)?\s*\(/.test(value)) return undefined;
  // Bound read-only: nothing writes through the binding, whatever made the value (a literal, a copy).
  if (readonlyType) return undefined;
  if (/^[[{]/.test(value)) return asConst ? undefined : 'a mutable literal';
  if (!/[()[\]{}]/.test(value)) return undefined;
  return 'a value this check cannot tell is immutable';
}

/** Every module-level binding of `file` that holds state by the rule above, as `file:line name: why`. */
function moduleState(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const code = codeOnly(text);
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  const where = (at: number) => `${relative(root, file)}:${lineOf(at)}`;
  const found: string[] = [];
  /** The end of the statement starting at `from`: its `;` (or the end) at bracket depth 0. */
  const statementEnd = (from: number) => {
    let depth = 0;
    for (let i = from; i < code.length; i++) {
      const c = code[i]!;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      else if (c === ';' && depth === 0) return i;
    }
    return code.length;
  };
  /** Checks `name: type = init` starting at `at` (just after `const`/`readonly`). */
  const checkBinding = (at: number, label: (name: string) => string) => {
    const end = statementEnd(at);
    const declaration = code.slice(at, end);
    const match = /^\s*([\w$]+)\s*(?::\s*([^=]+?))?\s*=(?!>)([\s\S]*)$/.exec(declaration);
    if (match === null) return;
    const [, name, type = '', init = ''] = match;
    const why = refusal(init, type.trim());
    if (why !== undefined) found.push(`${where(at)} ${label(name!)}: ${why}`);
  };
  let depth = 0;
  let classDepth = -1;
  let className = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if ('([{'.includes(c)) {
      depth++;
      continue;
    }
    if (')]}'.includes(c)) {
      depth--;
      if (depth < classDepth) classDepth = -1;
      continue;
    }
    const lineStart = i === 0 || code[i - 1] === '\n';
    if (!lineStart) continue;
    const rest = code.slice(i, i + 200);
    if (depth === 0) {
      const declaration = /^(export\s+)?(declare\s+)?(let|var|const)\s/.exec(rest);
      const cls = /^(export\s+)?(default\s+)?(abstract\s+)?class\s+([\w$]+)/.exec(rest);
      if (declaration !== null && declaration[3] !== 'const') {
        const name = /^\s*([\w$]+)/.exec(rest.slice(declaration[0].length))?.[1] ?? '?';
        found.push(`${where(i)} ${name}: a module-level ${declaration[3]}`);
      } else if (declaration !== null) {
        checkBinding(i + declaration[0].length, (name) => name);
      } else if (cls !== null) {
        classDepth = 1;
        className = cls[4]!;
      }
    } else if (depth === classDepth) {
      const field =
        /^\s*((?:(?:public|private|protected|declare|override)\s+)*)static\s+(readonly\s+)?(?!(?:async\s+)?[\w$#]+\s*[(<])/.exec(
          rest,
        );
      if (field === null) continue;
      const name = /^([\w$#]+)/.exec(rest.slice(field[0].length))?.[1] ?? '?';
      if (field[2] === undefined)
        found.push(`${where(i)} ${className}.${name}: a static field that is not readonly`);
      else checkBinding(i + field[0].length, (n) => `${className}.${n}`);
    }
  }
  return found;
}

function walkerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walkerFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the walker holds no module-level state', () => {
  it('src/walker has no module-level let/var or mutable container', () => {
    expect(walkerFiles(walkerDir).flatMap(moduleState)).toEqual([]);
  });

  it('the check finds what it refuses, and allows read-only tables', () => {
    const sample = join(root, 'test', 'walker', 'fixtures', 'module-state-sample.ts');
    const found = moduleState(sample).map((line) => line.replace(/^[^ ]+:(\d+) /, '$1 '));
    expect(found).toEqual([
      '4 counter: a module-level let',
      '5 legacy: a module-level var',
      '6 cache: builds new Map',
      '7 weak: builds new WeakMap',
      '8 ring: builds new Array',
      '9 list: a mutable literal',
      '10 table: a mutable literal',
      '11 nested: builds new Set',
      '12 built: builds Array.from',
      '13 asSet: builds new Set',
      '14 made: a value this check cannot tell is immutable',
      '28 Holder.cache: a static field that is not readonly',
      '29 Holder.shared: builds new Map',
    ]);
  });
});
