/** What serving over stdio needs from the real stdout, once every other writer is sent elsewhere. */
export interface ClaimedStdout {
  /** The real stdout, for the protocol only (its writes are dropped once the reader has gone). */
  protocol: NodeJS.WriteStream;
  /** Puts `stdout.write` back. */
  release(): void;
}

/**
 * In stdio mode stdout carries protocol messages only, whatever the app does: its `console.log`,
 * its own escape codes written to `process.stdout`, a library's progress output. Every write to
 * `stdout` from now on goes to `stderr` instead (the console writes through the same method), and
 * only the returned `protocol` stream reaches the real stdout. A reader that went away (EPIPE)
 * ends protocol writes quietly instead of crashing the process.
 */
export function claimStdout(
  stdout: NodeJS.WriteStream = process.stdout,
  stderr: NodeJS.WriteStream = process.stderr,
): ClaimedStdout {
  const hadOwn = Object.hasOwn(stdout, 'write');
  const ownWrite = stdout.write;
  const realWrite = ownWrite.bind(stdout) as (...args: unknown[]) => boolean;
  let gone = false;
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'EIO' || error.code === 'ERR_STREAM_DESTROYED') gone = true;
  };
  stdout.on('error', onError);
  stdout.write = ((...args: unknown[]) =>
    (stderr.write as (...a: unknown[]) => boolean)(...args)) as NodeJS.WriteStream['write'];
  const write = (...args: unknown[]): boolean => {
    if (gone || stdout.destroyed) return true;
    return realWrite(...args);
  };
  const protocol = new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    protocol,
    release() {
      if (hadOwn) stdout.write = ownWrite;
      else delete (stdout as { write?: unknown }).write;
      stdout.off('error', onError);
    },
  };
}
