import { closeSync, constants, openSync } from 'node:fs';

/** fd 1 now goes where fd 2 goes, and the protocol has a descriptor of its own. */
export interface SealedFd1 {
  ok: true;
  /** A descriptor of the protocol stream (what fd 1 was), for the protocol only. */
  protocolFd: number;
  /**
   * false only if another thread took fd 1 in the instant it was free (see moveTo1): the protocol
   * is still safe on `protocolFd`, and the caller routes fd 1 at Node's level as well.
   */
  fd1IsStderr: boolean;
  /**
   * Puts the protocol stream back on fd 1. `protocolFd` stays open: a write to it may still be on
   * its way (fs writes run on libuv's thread pool), and a closed number could be reused by the next
   * file opened, which would then receive protocol bytes.
   */
  restore(): void;
}

/** Why fd 1 still carries the protocol: a value, worded once, for the caller to log. */
export interface UnsealedFd1 {
  ok: false;
  code: 'fd_reopen_unsupported';
  reason: string;
}

/**
 * Moves the protocol stream off fd 1 and puts what fd 2 is on fd 1, so that whatever writes to
 * fd 1 — a child started with `stdio: 'inherit'`, `fs.writeSync(1)`, a native addon — reaches
 * stderr, never the protocol.
 *
 * Node has no dup()/dup2(). Opening `/proc/self/fd/N` (Linux) opens the file behind descriptor N
 * again, as a new descriptor (proc(5), "/proc/pid/fd"); `/dev/fd/N` elsewhere. Closing fd 1 and
 * opening again puts the new descriptor on fd 1, since open(2) returns "the lowest-numbered file
 * descriptor not currently open". That works for pipes, FIFOs, terminals and files, but not for a
 * socket: Linux refuses to open a socket through /proc (ENXIO), and Node-based MCP clients connect
 * a child's stdio with socket pairs (libuv's uv_spawn uses uv_socketpair for `'pipe'`). Then
 * nothing is changed and the caller routes fd 1 at Node's level instead (route-fd1.ts).
 *
 * `O_APPEND` and no `O_TRUNC`: a file given as stdout or stderr is never truncated by reopening.
 */
export function sealFd1(): SealedFd1 | UnsealedFd1 {
  const flags = constants.O_WRONLY | constants.O_APPEND;
  const path = (fd: number) => (process.platform === 'linux' ? `/proc/self/fd/${fd}` : `/dev/fd/${fd}`);
  let protocolFd: number | undefined;
  let stderrFd: number | undefined;
  try {
    protocolFd = openSync(path(1), flags);
    stderrFd = openSync(path(2), flags);
  } catch (error) {
    if (protocolFd !== undefined) closeSync(protocolFd);
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      ok: false,
      code: 'fd_reopen_unsupported',
      reason: `stdout or stderr cannot be opened again (${code}; a socket cannot be, on Linux)`,
    };
  }
  const fd1IsStderr = moveTo1(stderrFd, path, flags);
  closeSync(stderrFd);
  const fd = protocolFd;
  let restored = false;
  return {
    ok: true,
    protocolFd: fd,
    fd1IsStderr,
    restore() {
      if (restored) return;
      restored = true;
      moveTo1(fd, path, flags);
    },
  };
}

/**
 * Makes fd 1 a new descriptor of what `fd` is. Only another thread opening a file in the instant
 * between close and open (libuv's thread pool) could take fd 1 first: then that descriptor is left
 * alone (it is someone's file) and the move reports failure.
 */
function moveTo1(fd: number, path: (fd: number) => string, flags: number): boolean {
  closeSync(1);
  const opened = openSync(path(fd), flags);
  if (opened === 1) return true;
  closeSync(opened);
  return false;
}
