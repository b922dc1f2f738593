import {
  closeSync,
  constants,
  fchmodSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HttpEndpoint } from '../server/http-server.js';
import { errorText } from '../util/text.js';

/** How to connect, for a person to paste: the URL, the token, a Claude Code line and a JSON config. */
export function describeConnection(
  sessionId: string,
  endpoint: HttpEndpoint,
  file: string | undefined,
): string {
  const header = `Authorization: Bearer ${endpoint.token}`;
  const config = {
    mcpServers: {
      [sessionId]: {
        type: 'http',
        url: endpoint.url,
        headers: { Authorization: `Bearer ${endpoint.token}` },
      },
    },
  };
  return [
    `ink-mcp: session "${sessionId}" is served at ${endpoint.url}`,
    `  token: ${endpoint.token}`,
    `  Claude Code: claude mcp add --transport http ${sessionId} ${endpoint.url} --header "${header}"`,
    `  JSON config: ${JSON.stringify(config)}`,
    ...(file ? [`  (also written to ${file})`] : []),
    '',
  ].join('\n');
}

/** The user's runtime directory (private, cleared at logout) or else their state directory. */
export function connectionDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'ink-mcp');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'ink-mcp');
}

/** A connection file's name: `<session>-<pid>.json` (the pid tells a stale file from a live one). */
const FILE_NAME = /^(?:[A-Za-z0-9_-]{1,32})-(\d+)\.json$/;

/**
 * Writes the connection details where tools (and people) can find them, readable by the user only:
 * created exclusively (`O_EXCL`), never through a link (`O_NOFOLLOW`: a planted symlink is removed,
 * not written through), mode 0600 whatever was there or the umask says. Files of processes that are
 * gone are pruned first. The file is also removed when the process exits (`exit` covers
 * `process.exit()`; signals are the caller's: they end a process without `exit`).
 * Returns the file and its removal; an error text when it could not be written (reported, not fatal).
 */
export function writeConnectionFile(
  dir: string,
  sessionId: string,
  endpoint: HttpEndpoint,
): { file: string; remove: () => void } | { error: string } {
  const file = join(dir, `${sessionId}-${process.pid}.json`);
  const body = { session: sessionId, pid: process.pid, url: endpoint.url, token: endpoint.token };
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    pruneStale(dir);
    writeExclusive(file, `${JSON.stringify(body, null, 2)}\n`);
  } catch (error) {
    return { error: `ink-mcp: could not write ${file}: ${errorText(error)}` };
  }
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    try {
      rmSync(file, { force: true });
    } catch {
      // Already gone, or the directory went away: nothing is left to clean.
    }
  };
  process.once('exit', remove);
  return { file, remove };
}

function writeExclusive(file: string, text: string): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let fd: number;
  try {
    fd = openSync(file, flags, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A file of this pid from an earlier process, or a link planted in its place: unlinking removes
    // the name itself (never a link's target), then the name is created anew.
    unlinkSync(file);
    fd = openSync(file, flags, 0o600);
  }
  try {
    // The umask may have taken bits away at creation: the mode is exactly 0600.
    fchmodSync(fd, 0o600);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Removes connection files whose process is gone (a crash or `kill -9` leaves them behind). */
function pruneStale(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = Number(FILE_NAME.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || alive(pid)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Removed meanwhile by its owner or another instance.
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
