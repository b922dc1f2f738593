import childProcess, { type SpawnOptions } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';
import { startsNode } from '../launcher/node-command.js';
import { childInPty } from '../util/reach.js';

/**
 * Follows the UI into the children of a Node process on the app's terminal (a loader that starts a
 * native binary with `stdio: 'inherit'`): a program that is not Node, started with the terminal's
 * stdin and stdout inherited, runs instead under `node <ptyChild> <program> [args…]`, which serves
 * it in a pseudo-terminal of its own (pty-child.ts) and exits with its code. In a person's terminal
 * it would have found a terminal there; under the launcher it would find an empty file and a pipe,
 * and exit ("Run in an interactive terminal"). `spawn` and `spawnSync` are followed (execa and
 * cross-spawn use `spawn`); a Node child needs none of this (the preload reaches it, and it gets the
 * terminal as its parent did), nor a shell (`sh -c …`: what it runs inherits the same stdio).
 * Which child is followed is decided in src/util/reach.ts (`childInPty`).
 */
export function followChildren(ptyChild: string): void {
  const { spawn, spawnSync } = childProcess;
  unfollowed = spawn;
  childProcess.spawn = function (this: unknown, ...call: unknown[]) {
    return (spawn as (...a: unknown[]) => unknown).apply(this, redirected(call, ptyChild));
  } as typeof spawn;
  childProcess.spawnSync = function (this: unknown, ...call: unknown[]) {
    return (spawnSync as (...a: unknown[]) => unknown).apply(this, redirected(call, ptyChild));
  } as typeof spawnSync;
  // `import { spawn } from 'node:child_process'` sees the same functions.
  syncBuiltinESMExports();
}

let unfollowed: typeof childProcess.spawn | undefined;

/**
 * `spawn` as Node has it, not followed: the relay runs the program as asked with it when it cannot
 * serve it (it has the preload too, and would otherwise hand the program to another relay).
 */
export function spawnAsAsked(
  ...call: Parameters<typeof childProcess.spawn>
): ReturnType<typeof childProcess.spawn> {
  return (unfollowed ?? childProcess.spawn)(...call);
}

/** `(file, args?, options?)` as given, or the same call through the pseudo-terminal relay. */
function redirected(call: unknown[], ptyChild: string): unknown[] {
  const [file, second, third] = call;
  if (typeof file !== 'string') return call;
  const args = Array.isArray(second) ? (second as unknown[]) : [];
  const options = (Array.isArray(second) ? third : second) as SpawnOptions | undefined;
  if (!options || args.some((arg) => typeof arg !== 'string')) return call;
  const inPty = childInPty({
    inheritsTerminal: inheritsTerminal(options.stdio),
    shell: Boolean(options.shell),
    program: basename(file),
    startsNode: () => startsNode([file], options.env ?? process.env),
  });
  return inPty ? [process.execPath, [ptyChild, file, ...(args as string[])], options] : call;
}

/** The child gets this process's fd 0 and fd 1: the app's terminal, under the launcher. */
function inheritsTerminal(stdio: SpawnOptions['stdio']): boolean {
  const inherits = (fd: number) =>
    stdio === 'inherit' || (Array.isArray(stdio) && (stdio[fd] === 'inherit' || stdio[fd] === fd));
  return inherits(0) && inherits(1);
}
