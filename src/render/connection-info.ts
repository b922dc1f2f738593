import {
  closeSync,
  constants,
  fchmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HttpEndpoint } from '../server/http-server.js';
import { errorText } from '../util/text.js';
import { ID_SOURCE } from '../walker/id-rule.js';

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
const FILE_NAME = new RegExp(`^(?:${ID_SOURCE})-(\\d+)\\.(?:json|sock)$`);

/** Why the connection file was not written: the folder is unsafe for a token, or writing failed. */
export type ConnectionFileError = { code: 'unsafe_folder' | 'write_failed'; error: string };

/**
 * Writes the connection details where tools (and people) can find them, readable by the user only,
 * in a folder only the user can write (checked: not a symlink, not writable by group or others,
 * owned by the user; else nothing is written and the error says how to fix it):
 * created exclusively (`O_EXCL`), never through a link (`O_NOFOLLOW`: a planted symlink is removed,
 * not written through), mode 0600 whatever was there or the umask says. Files of processes that are
 * gone are pruned first. The file is also removed when the process exits (`exit` covers
 * `process.exit()`; signals are the caller's: they end a process without `exit`).
 * Returns the file and its removal; an error when it could not be written (reported, not fatal).
 */
export function writeConnectionFile(
  dir: string,
  sessionId: string,
  endpoint: HttpEndpoint,
): { file: string; remove: () => void } | ConnectionFileError {
  return writeSessionFile(dir, sessionId, { url: endpoint.url, token: endpoint.token });
}

/**
 * The connection file of a headless session (`ink-mcp watch` reads it): the watch socket and its
 * token, by the same rules as attached mode's.
 */
export function writeWatchFile(
  dir: string,
  sessionId: string,
  watch: { socket: string; token: string },
): { file: string; remove: () => void } | ConnectionFileError {
  return writeSessionFile(dir, sessionId, { watch: { socket: watch.socket }, token: watch.token });
}

/** Where a headless session's watch socket goes: beside its connection file. */
export function watchSocketPath(dir: string, sessionId: string): string {
  return join(dir, `${sessionId}-${process.pid}.sock`);
}

/**
 * Makes sure `dir` exists and only this user can change it: undefined when so, else why not (the
 * message says how to fix it).
 */
export function prepareConnectionDir(dir: string): ConnectionFileError | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    let unsafe: string | undefined;
    try {
      unsafe = unsafeFolder(dir);
    } catch {
      // Nothing there to judge: the mkdir error says what went wrong.
    }
    if (unsafe !== undefined) return { code: 'unsafe_folder', error: unsafe };
    return { code: 'write_failed', error: `ink-mcp: could not create ${dir}: ${errorText(error)}` };
  }
  const unsafe = unsafeFolder(dir);
  return unsafe === undefined ? undefined : { code: 'unsafe_folder', error: unsafe };
}

function writeSessionFile(
  dir: string,
  sessionId: string,
  fields: Record<string, unknown>,
): { file: string; remove: () => void } | ConnectionFileError {
  const file = join(dir, `${sessionId}-${process.pid}.json`);
  const body = { session: sessionId, pid: process.pid, ...fields };
  // A dangling symlink or a file in the folder's place is said as such, not as EEXIST.
  const unready = prepareConnectionDir(dir);
  if (unready !== undefined) return unready;
  try {
    pruneStale(dir);
    writeExclusive(file, `${JSON.stringify(body, null, 2)}\n`);
  } catch (error) {
    return { code: 'write_failed', error: `ink-mcp: could not write ${file}: ${errorText(error)}` };
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

/**
 * Why `dir` must not hold a token, or undefined when only this user can change what is in it. A
 * folder another user can write (mode 0777, or group-writable) lets them replace or pre-create the
 * file that clients read the token and URL from; a symlink can point anywhere, now or later; a
 * folder someone else owns can be made writable by them at any time. A sticky world-writable folder
 * (/tmp) is refused too: its files are still others' to pre-create under the name we would use.
 */
function unsafeFolder(dir: string): string | undefined {
  const shown = JSON.stringify(resolve(dir));
  const stat = lstatSync(dir);
  const fix = 'or pass another folder as connectionDir (false writes no file)';
  if (stat.isSymbolicLink())
    return `ink-mcp: did not write the connection file: the connection folder ${shown} is a symbolic link, which could send the token anywhere. Replace it with a real folder (rm ${shown}; ink-mcp creates it with mode 0700), ${fix}.`;
  if (!stat.isDirectory())
    return `ink-mcp: did not write the connection file: ${shown} is not a folder. Remove it (ink-mcp creates the folder with mode 0700), ${fix}.`;
  // Windows has no owner ids or mode bits to check (its folders are guarded by ACLs).
  if (process.platform === 'win32') return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid)
    return `ink-mcp: did not write the connection file: the connection folder ${shown} belongs to another user (uid ${stat.uid}), who could read or replace the file. Use a folder of your own, ${fix}.`;
  if ((stat.mode & 0o022) !== 0)
    return `ink-mcp: did not write the connection file: the connection folder ${shown} can be written by ${stat.mode & 0o002 ? 'other users' : 'its group'} (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')}), who could replace the file clients read the token from. Run chmod 700 ${shown}, ${fix}.`;
  return undefined;
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
