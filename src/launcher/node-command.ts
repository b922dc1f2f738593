import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * Whether a command starts Node, so that the preload can reach the app inside it: `node` itself,
 * npx, npm, pnpm, yarn, tsx or ts-node by name, or a script whose `#!` line runs Node (an installed
 * CLI's bin). Anything else — a
 * compiled binary (Bun, a Node single executable), a shell script, Python — cannot be preloaded and
 * runs in a pseudo-terminal. A command that cannot be found counts as Node, so that starting it
 * fails as it always did, with its own message.
 */
export function startsNode(command: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const file = command[0];
  if (file === undefined) return true;
  // By name first: version managers put these behind shims that are binaries (Volta) or shell
  // scripts (asdf), whose first line says nothing of Node.
  if (NODE_NAMES.test(basename(file)) || file === process.execPath) return true;
  const path = locate(file, env);
  if (path === undefined) return true;
  if (path === process.execPath) return true;
  return /^#!.*\bnode(js)?\b/.test(firstLine(path));
}

/** Node itself and the package managers and runners that start it. */
const NODE_NAMES = /^(node|nodejs|npx|npm|pnpm|pnpx|yarn|tsx|ts-node)(\.(exe|cmd))?$/i;

/** Where a command's file is: itself when it names a path, else the first match on PATH. */
export function locate(file: string, env: NodeJS.ProcessEnv): string | undefined {
  if (file.includes('/') || file.includes('\\')) {
    const path = isAbsolute(file) ? file : resolve(file);
    return isFile(path) ? path : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const path = join(dir, file);
    if (isFile(path)) return path;
  }
  return undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file's first line (its `#!`, if it has one), from its first 256 bytes. */
function firstLine(path: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(256);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('latin1').split('\n', 1)[0] ?? '';
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
