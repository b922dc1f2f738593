import { closeSync, fstatSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV } from './config.js';

/**
 * The stdin the launcher gives the app's command: an empty file of its own (reads end at once, as
 * /dev/null's do), so that the preload can tell the processes on the app's terminal (the command and
 * whatever it starts with inherited stdio: they share this very file) from the app's own children
 * given other input (`execFileSync(node, …, {input})`, pipes): only the first get the terminal
 * ink-mcp fakes; the others keep their stdin, as they would in a person's terminal.
 */
export interface AppStdin {
  fd: number;
  /** The variable that names it (its device and inode) to the preload. */
  env: Record<string, string>;
  /** Closes the launcher's copy once the command has started with it. */
  close(): void;
}

export function openAppStdin(dir: string): AppStdin {
  const path = join(dir, 'stdin');
  writeFileSync(path, '', { mode: 0o400 });
  const fd = openSync(path, 'r');
  return {
    fd,
    env: { [ENV.stdin]: identity(fd) },
    close: () => closeSync(fd),
  };
}

/**
 * Whether this process's fd 0 is the launcher's stdin for the app (true when the launcher named
 * none: the preload's older callers, and `node --import ink-mcp/register`, where the process's
 * stdio is its own).
 */
export function onAppStdin(env: NodeJS.ProcessEnv): boolean {
  const named = env[ENV.stdin];
  if (!named) return true;
  try {
    return identity(0) === named;
  } catch {
    // fd 0 closed: not the launcher's.
    return false;
  }
}

function identity(fd: number): string {
  const stat = fstatSync(fd, { bigint: true });
  return `${stat.dev}:${stat.ino}`;
}
