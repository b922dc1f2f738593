import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';

type Fn = (...args: unknown[]) => unknown;

/** The fs functions that take a descriptor first, and could be given fd 1. */
const FS_BY_FD = [
  'write',
  'writeSync',
  'writev',
  'writevSync',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
] as const;

/** child_process's functions, and where their options are (the last plain object argument). */
const SPAWNERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

/**
 * Sends what this process writes to fd 1 through Node to fd 2 instead, where fd 1 itself cannot be
 * moved (seal-fd1.ts: a socket): `fs.write*(1, …)` and `fs.writeFile*(1, …)`, and children whose
 * stdout would be fd 1 (`stdio: 'inherit'`, `[…, 1, …]`, `[…, process.stdout, …]`, and `fork()`'s
 * default, which inherits). `stdout` is every object that has been `process.stdout`.
 *
 * The module objects are patched, and `syncBuiltinESMExports()` carries the patch to named ESM
 * imports (`import { writeSync } from 'node:fs'`), as Node documents for this purpose
 * (https://nodejs.org/api/module.html#modulesyncbuiltinesmexports). Writes that do not go through
 * Node's fs or child_process (a native addon's write(1, …)) are not reached: see the README.
 * Returns a function that puts everything back.
 */
export function routeFd1(stdout: readonly object[]): () => void {
  const undo: Array<() => void> = [];
  const fsTable = fs as unknown as Record<string, Fn>;
  for (const name of FS_BY_FD) {
    const original = fsTable[name];
    if (typeof original !== 'function') continue;
    fsTable[name] = routed(original, ([fd, ...rest]) => [fd === 1 ? 2 : fd, ...rest]);
    undo.push(() => {
      fsTable[name] = original;
    });
  }
  const cpTable = childProcess as unknown as Record<string, Fn>;
  for (const name of SPAWNERS) {
    const original = cpTable[name];
    if (typeof original !== 'function') continue;
    cpTable[name] = routed(original, (args) => withStdoutToStderr(name, args, stdout));
    undo.push(() => {
      cpTable[name] = original;
    });
  }
  syncBuiltinESMExports();
  return () => {
    for (const step of undo.reverse()) step();
    syncBuiltinESMExports();
  };
}

/**
 * `original` with its arguments changed by `route`. What `util.promisify` reads from it is kept
 * (exec's and execFile's custom form, routed the same way, resolves `{ stdout, stderr }`; fs.write's
 * `{ bytesWritten, buffer }`), so `promisify(exec)` answers as it did (https://nodejs.org/api/util.html#custom-promisified-functions).
 */
function routed(original: Fn, route: (args: unknown[]) => unknown[]): Fn {
  const wrapper = function (this: unknown, ...args: unknown[]) {
    return original.apply(this, route(args));
  };
  // fs.write marks which values its promisified form resolves with by a symbol of Node's own
  // (customPromisifyArgs, lib/internal/util.js): every symbol is carried over.
  const from = original as unknown as Record<symbol, unknown>;
  const to = wrapper as unknown as Record<symbol, unknown>;
  for (const key of Object.getOwnPropertySymbols(original))
    to[key] =
      key === promisify.custom && typeof from[key] === 'function'
        ? routed(from[key] as Fn, route)
        : from[key];
  return wrapper;
}

/** The arguments with a copy of the options whose `stdio` sends the child's fd 1 (and any 1) to 2. */
function withStdoutToStderr(
  name: (typeof SPAWNERS)[number],
  args: unknown[],
  stdout: readonly object[],
): unknown[] {
  let at = args.length - 1;
  while (at >= 0 && !(typeof args[at] === 'object' && args[at] !== null && !Array.isArray(args[at]))) at -= 1;
  const options = (at >= 0 ? args[at] : undefined) as { stdio?: unknown; silent?: unknown } | undefined;
  const stdio = routedStdio(name, options, stdout);
  if (stdio === undefined) return args;
  const copy = [...args];
  if (at >= 0) copy[at] = { ...options, stdio };
  else copy.push({ stdio }); // no options object: every spawner takes one last
  return copy;
}

function routedStdio(
  name: (typeof SPAWNERS)[number],
  options: { stdio?: unknown; silent?: unknown } | undefined,
  stdout: readonly object[],
): unknown[] | undefined {
  const stdio = options?.stdio;
  // fork() inherits the parent's stdio unless `silent` (Node docs, child_process.fork).
  if (stdio === undefined)
    return name === 'fork' && options?.silent !== true ? ['inherit', 2, 'inherit', 'ipc'] : undefined;
  if (stdio === 'inherit')
    return name === 'fork' ? ['inherit', 2, 'inherit', 'ipc'] : ['inherit', 2, 'inherit'];
  if (!Array.isArray(stdio)) return undefined;
  const isFd1 = (entry: unknown, index: number) =>
    entry === 1 ||
    (index === 1 && entry === 'inherit') ||
    (typeof entry === 'object' && entry !== null && stdout.includes(entry));
  return stdio.some(isFd1) ? stdio.map((entry, index) => (isFd1(entry, index) ? 2 : entry)) : undefined;
}
