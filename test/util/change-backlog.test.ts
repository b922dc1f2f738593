import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { AnsweringStdioTransport } from '../../src/render/stdio-transport.js';
import { ChangeBacklog, MAX_STREAM_BACKLOG_BYTES } from '../../src/util/change-backlog.js';

/**
 * A stdio client that stops reading (issue #39, item 4): its answers are still written, its change
 * notifications wait, one of each, and what waits reaches it once it reads again. On a real stream
 * (a PassThrough no one reads holds what is written, as a pipe's unread end does) and through the
 * real stdio transport.
 */

const updated = (uri: string, n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/resources/updated',
  params: { uri, _meta: { n } },
});

/** Everything written to `out` once it is read, as parsed lines. */
function drain(out: PassThrough): Promise<Record<string, unknown>[]> {
  return new Promise((resolve) => {
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    out.once('end', () =>
      resolve(
        text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      ),
    );
  });
}

describe('change notifications to a client that stops reading', () => {
  it('the transport keeps writing answers, holds one notification of each resource, and sends them when the client reads', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const bound = 64 * 1024;
    const transport = new AnsweringStdioTransport(
      input as unknown as NodeJS.ReadStream,
      output as unknown as NodeJS.WriteStream,
      { backlogBytes: bound },
    );
    const stalls: number[] = [];
    transport.onBacklog = (bytes) => stalls.push(bytes);
    await transport.start();
    // The client reads nothing: updates of two resources, 20,000 of them, about 2 MB.
    for (let n = 0; n < 10_000; n++) {
      void transport.send(updated('ink://app/screen', n));
      void transport.send(updated('ink://app/tree', n));
    }
    const waiting = output.writableLength;
    expect(waiting).toBeGreaterThan(bound);
    // Bounded: the bound and one message, not the 2 MB sent.
    expect(waiting).toBeLessThan(bound + 1_000);
    expect(stalls).toHaveLength(1);
    // An answer is written even now: it answers a request of the client's own.
    void transport.send({ jsonrpc: '2.0', id: 7, result: {} });
    expect(output.writableLength).toBeGreaterThan(waiting);

    // The client reads again: it gets all it was sent before the stall, the answer, and then the
    // latest update of each resource.
    const read = drain(output);
    await new Promise<void>((resolve) => output.once('drain', () => setImmediate(resolve)));
    output.end();
    const messages = await read;
    const answers = messages.filter((m) => m.id === 7);
    expect(answers).toHaveLength(1);
    const last = messages.slice(-2).map((m) => m.params as { uri: string; _meta: { n: number } });
    expect(last.map((p) => [p.uri, p._meta.n]).sort()).toEqual([
      ['ink://app/screen', 9_999],
      ['ink://app/tree', 9_999],
    ]);
    expect(messages.length).toBeLessThan(1_000);
    await transport.close();
  });

  it('nothing is held while the client reads, whatever the rate', async () => {
    const output = new PassThrough();
    const read = drain(output);
    const backlog = new ChangeBacklog(output, { bound: MAX_STREAM_BACKLOG_BYTES });
    let held = 0;
    for (let n = 0; n < 2_000; n++) {
      const line = `${JSON.stringify(updated('ink://app/screen', n))}\n`;
      if (
        backlog.hold(
          () => JSON.parse(line),
          () => output.write(line),
        )
      )
        held++;
      else output.write(line);
      if (n % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    output.end();
    expect(held).toBe(0);
    expect(await read).toHaveLength(2_000);
  });
});
