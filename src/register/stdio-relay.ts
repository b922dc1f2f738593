import { createInterface } from 'node:readline';
import { PassThrough, Writable } from 'node:stream';
import { Relay } from '../launcher/relay.js';
import { claimStdout } from '../render/claim-stdout.js';

/** A stdio channel for the server: what it reads, where it writes, and the real stdin's hold on the process. */
export interface StdioChannel {
  input: PassThrough;
  output: Writable;
  /** The server is connected: what the relay held goes to it. */
  attached(): void;
  /** Lets the process end (no app is running) or holds it again. */
  hold(held: boolean): void;
}

/**
 * The preload serving its own process's stdio: it takes stdout for the protocol at once (every other
 * write goes to stderr), and answers `initialize` through the launcher's relay while ink-mcp's
 * server is still loading, so a client's first probe is answered in a blink here too.
 */
export function openStdioRelay(): StdioChannel {
  const claimed = claimStdout();
  const input = new PassThrough();
  const relay = new Relay({
    toClient: (line) => claimed.protocol.write(`${line}\n`),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  let buffered = '';
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line !== '') relay.fromApp(line);
      done();
    },
  });
  createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
    .on('line', (line) => relay.fromClient(line))
    // A broken input (EIO, a reset pipe) is the client gone, as its end is; readline would throw it.
    .on('error', () => input.end())
    .on('close', () => input.end());
  return {
    input,
    output,
    attached: () => relay.attach((line) => input.write(`${line}\n`)),
    hold: (held) => (held ? process.stdin.ref() : process.stdin.unref()),
  };
}
