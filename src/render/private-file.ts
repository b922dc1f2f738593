import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync } from 'node:fs';
import { errorText } from '../util/text.js';

/**
 * Opens `file` to be written, readable by the user only, or says why not (the caller truncates it,
 * once every file it needs is open). For files
 * that hold what a session did (recordings, casts): mode 0600 whether the file is new or was there
 * (an existing 0644 or 0666 file is narrowed, and a new one is never wider than the umask allows);
 * never through a symbolic link (a link at the path would send the writes to wherever it points,
 * truncating that file: refused, checked with `lstat`, and `O_NOFOLLOW` closes the race); never a
 * file with another name (a hard link), a file another user owns, or anything but a regular file.
 */
export function openPrivateFile(file: string): { ok: true; fd: number } | { ok: false; why: string } {
  const shown = JSON.stringify(file);
  const before = statOrUndefined(file);
  if (before?.isSymbolicLink())
    return {
      ok: false,
      why: `${shown} is a symbolic link: ink-mcp does not write through links (it would overwrite the file the link points to). Remove the link or give another path`,
    };
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO at the path must not hang the app waiting for a reader (it is refused below).
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
    fd = openSync(file, flags, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      return { ok: false, why: `${shown} became a symbolic link while it was opened: nothing was written` };
    return { ok: false, why: errorText(error) };
  }
  const refuse = (why: string) => {
    closeSync(fd);
    return { ok: false as const, why };
  };
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return refuse(`${shown} is not a regular file. Give the path of a file`);
    if (stat.nlink > 1)
      return refuse(
        `${shown} has ${stat.nlink} names (hard links): writing it would change the other names' file too. Remove it or give another path`,
      );
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid)
      return refuse(`${shown} belongs to another user (uid ${stat.uid}). Give a path of your own`);
    // Windows has no mode bits to narrow (its files are guarded by ACLs).
    if (process.platform !== 'win32' && (stat.mode & 0o777) !== 0o600) fchmodSync(fd, 0o600);
    return { ok: true, fd };
  } catch (error) {
    return refuse(errorText(error));
  }
}

function statOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}
