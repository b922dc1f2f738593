import { createInterface } from 'node:readline';
import { PassThrough, Writable } from 'node:stream';
import { claimStdout } from '../render/claim-stdout.js';
import { defined } from '../util/defined.js';
import type { ServerInfo } from './early-answers.js';
import { Relay } from './relay.js';

/** A stdio channel for the server: what it reads, where it writes, and the real stdin's hold on the process. */
export interface StdioChannel {
  input: PassThrough;
  output: Writable;
  /** The server is connected (or about to read `input`): what the relay held goes to it. */
  attached(): void;
  /**
   * The server is up and stays until the process ends (`fail` will not follow): lines pass
   * through unread (`Relay.direct`).
   */
  direct(): void;
  /** Lets the process end (no app is running) or holds it again. */
  hold(held: boolean): void;
  /**
   * No server will come: requests held, and any later one, are answered with `reason`; stdin is no
   * longer read and stdout is given back.
   */
  fail(reason: string): void;
  /** Stops reading stdin and gives stdout back (the server has closed). */
  close(): void;
}

export interface StdioRelayOptions {
  /** What the server will say it is (its `name` and `version`). @default ink-mcp's */
  serverInfo?: ServerInfo;
  /** The tools it will list, when known before the app loads (early-tools.ts). @default unknown */
  tools?: readonly object[];
}

/**
 * A process serving its own stdio before its ink-mcp server has loaded (the `ink-mcp/register`
 * preload, `startMcp`): it takes stdout for the protocol at once (every other write goes to
 * stderr), and answers `initialize` (and, with `tools`, `tools/list`) through the launcher's relay
 * while the server and the app are still loading, so a client's first requests are answered in a
 * blink here too.
 */
export function openStdioRelay(options: StdioRelayOptions = {}): StdioChannel {
  const claimed = claimStdout();
  const input = new PassThrough();
  const relay = new Relay({
    toClient: (line) => claimed.protocol.write(`${line}\n`),
    log: (message) => process.stderr.write(`${message}\n`),
    ...defined({ serverInfo: options.serverInfo, tools: options.tools }),
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
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
    .on('line', (line) => relay.fromClient(line))
    // A broken input (EIO, a reset pipe) is the client gone, as its end is; readline would throw it.
    .on('error', () => input.end())
    .on('close', () => input.end());
  const close = () => {
    lines.close();
    process.stdin.pause();
    claimed.release();
  };
  return {
    input,
    output,
    // Input that has ended (the client went away while the server loaded) takes no more lines.
    attached: () => relay.attach((line) => void (input.writableEnded || input.write(`${line}\n`))),
    direct: () => relay.direct(),
    hold: (held) => (held ? process.stdin.ref() : process.stdin.unref()),
    fail: (reason) => {
      relay.detach(reason);
      close();
    },
    close,
  };
}
