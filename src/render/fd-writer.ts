import { writeSync } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * A stream that writes to `fd` synchronously, each chunk in full before `write()` returns, as Node
 * writes its own stdout to files and (on Linux) pipes (https://nodejs.org/api/process.html#a-note-on-process-io):
 * the protocol stays in order, and an answer written just before the process exits is not left in
 * libuv's thread pool, as an `fs.WriteStream` write could be. The descriptor is blocking (opened
 * again by seal-fd1.ts), so a client that reads slowly holds the writer back rather than losing
 * bytes. A write error (EPIPE: the client went away) is the stream's 'error'.
 */
export function fdWriter(fd: number): NodeJS.WriteStream {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return Object.assign(stream, { fd }) as unknown as NodeJS.WriteStream;
}
