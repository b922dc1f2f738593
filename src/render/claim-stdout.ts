import { fdWriter } from './fd-writer.js';
import { routeFd1 } from './route-fd1.js';
import { sealFd1 } from './seal-fd1.js';
import { stderrStdout } from './stderr-stdout.js';

/** What serving over stdio needs from the real stdout, once every other writer is sent elsewhere. */
export interface ClaimedStdout {
  /** The protocol stream, for the protocol only (its writes are dropped once the reader has gone). */
  protocol: NodeJS.WriteStream;
  /**
   * How fd 1 was sealed: `'fd'`, fd 1 itself now goes to stderr and the protocol has a descriptor of
   * its own (pipes, terminals, files); `'node'`, fd 1 still carries the protocol (a socket, which
   * cannot be opened again on Linux), and writes to it through Node's fs and child_process are sent
   * to fd 2 instead.
   */
  sealed: 'fd' | 'node';
  /** Why not `'fd'`, for a log line. */
  reason?: string;
  /** Gives stdout back: fd 1, `process.stdout`, fs and child_process as they were. */
  release(): void;
}

/**
 * In stdio mode stdout carries protocol messages only, whatever the app does: its `console.log`,
 * its own escape codes, a library's progress output, a child started with `stdio: 'inherit'`,
 * `fs.writeSync(1, …)`. Everything the app writes to stdout goes to stderr instead:
 * - fd 1 itself is moved to stderr where it can be (seal-fd1.ts), and the protocol writes to a
 *   descriptor of its own; where it cannot (a socket), fd 1 writes made through Node are routed to
 *   fd 2 (route-fd1.ts);
 * - `process.stdout` becomes a stream of its own that writes to stderr (stderr-stdout.ts), so that
 *   'drain', `pipe()` and `end()` behave; the stream it was (which code may hold from before) writes
 *   to stderr too, and its `end()` and `destroy()` no longer close the protocol.
 * A reader that went away (EPIPE) ends protocol writes quietly instead of crashing the process.
 */
export function claimStdout(): ClaimedStdout {
  const stderr = process.stderr;
  // Before `process.stdout` is first read: Node then builds it on fd 1 as it is after the move.
  const seal = sealFd1();
  const original = process.stdout;
  const protocolStream = seal.ok ? fdWriter(seal.protocolFd) : original;
  // The prototype's methods, before they are patched on the instance below.
  const real = {
    write: original.write,
    end: original.end,
    destroy: original.destroy,
  };
  let gone = false;
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'EIO' || error.code === 'ERR_STREAM_DESTROYED') gone = true;
  };
  protocolStream.on('error', onError);
  const protocolWrite = (seal.ok ? protocolStream.write : real.write).bind(protocolStream) as (
    ...args: unknown[]
  ) => boolean;
  const protocol = new Proxy(protocolStream, {
    get(target, key) {
      if (key === 'write')
        return (...args: unknown[]) => (gone || target.destroyed ? true : protocolWrite(...args));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  const toStderr = stderr.write.bind(stderr) as (...args: unknown[]) => boolean;
  // Patched on the instance: code that read `process.stdout` before (the console, a library) holds it.
  const own = original as unknown as Record<'write' | 'end' | 'destroy', unknown>;
  const hadOwn = {
    write: Object.hasOwn(original, 'write'),
    end: Object.hasOwn(original, 'end'),
    destroy: Object.hasOwn(original, 'destroy'),
  };
  own.write = (...args: unknown[]) => {
    if (toStderr(...args)) return true;
    // The writer waits for 'drain' on the object it wrote to: it comes from stderr, told here.
    stderr.once('drain', () => original.emit('drain'));
    return false;
  };
  own.end = (...args: unknown[]) => {
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const done = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (chunk !== undefined && chunk !== null) toStderr(chunk);
    if (done) queueMicrotask(done);
    return original;
  };
  own.destroy = () => original;

  const appStdout = stderrStdout(stderr);
  const descriptor = Object.getOwnPropertyDescriptor(process, 'stdout');
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => appStdout });
  const unroute = seal.ok && seal.fd1IsStderr ? undefined : routeFd1([original, appStdout]);

  let released = false;
  return {
    protocol,
    sealed: seal.ok ? 'fd' : 'node',
    ...(seal.ok ? {} : { reason: seal.reason }),
    release() {
      if (released) return;
      released = true;
      unroute?.();
      if (descriptor) Object.defineProperty(process, 'stdout', descriptor);
      for (const key of ['write', 'end', 'destroy'] as const) {
        if (hadOwn[key]) own[key] = real[key];
        else delete own[key];
      }
      protocolStream.off('error', onError);
      if (seal.ok) seal.restore();
    },
  };
}
