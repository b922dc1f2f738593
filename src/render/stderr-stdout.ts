import { Writable } from 'node:stream';

/**
 * The `process.stdout` an app gets while stdio carries the protocol: a real Writable whose bytes go
 * to `stderr`. Being a stream of its own (not the protocol's, nor stderr itself), everything a
 * stream promises holds for it: `write()` returns false when stderr is behind and 'drain' follows on
 * this object; `pipe()` into it works (and never ends it: Readable#pipe leaves `process.stdout`
 * open); `end()` ends only this object, never stderr or the protocol. A write after `end()` is
 * dropped rather than raising an 'error' nobody listens for (which would end the process): the
 * console drops it the same way.
 */
export function stderrStdout(stderr: NodeJS.WritableStream): NodeJS.WriteStream {
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void) {
      // stderr's own errors (its reader gone) are not the app's: the bytes are dropped, as on stderr.
      if (typeof chunk === 'string') stderr.write(chunk, encoding, () => done());
      else stderr.write(chunk, () => done());
    },
    final(done) {
      done();
    },
  });
  stream.on('error', () => {});
  // What code reads of a stdout that is not a terminal (a pipe's): no TTY, and the descriptor its
  // bytes really reach.
  return Object.assign(stream, { isTTY: false, fd: 2 }) as unknown as NodeJS.WriteStream;
}
