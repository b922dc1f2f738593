import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { connectClient, counterApp, testServer } from './helpers.js';

async function rejection(promise: Promise<unknown>): Promise<ProtocolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  return error as ProtocolError;
}

describe('protocol errors', () => {
  it('answers -32602 (resource not found, as 2026-07-28 and SDK 2.x say it on every era) with the URI as data, for an unknown resource, whatever its URI looks like', async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    for (const uri of [
      'ink://nobody/screen',
      'test://static-text',
      'ink://app/nothing',
      'x'.repeat(10_000),
    ]) {
      const read = await rejection(client.readResource({ uri }));
      expect(read.code, uri.slice(0, 40)).toBe(-32602);
      expect(read.message.length).toBeLessThan(600);
      // The requested URI as the error's data (SEP-2164): what tells a client it is "not found".
      expect(read.data).toEqual({ uri });
      // Subscribing is refused alike, a session that is not attached included (issue #28, item 9).
      const subscribe = await rejection(client.subscribeResource({ uri }));
      expect(subscribe.code).toBe(-32602);
      expect(subscribe.data).toEqual({ uri });
    }
    await expect(client.subscribeResource({ uri: 'ink://app/screen' })).resolves.toEqual({});
  });

  it('says its code once: by the code, not in the message (SDK 2.x adds no "MCP error <code>: ")', async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const error = await rejection(client.readResource({ uri: 'ink://nobody/tree' }));
    expect(error.message).toMatch(/^ink-mcp: no attached session has the resource "ink:\/\/nobody\/tree"\./);
    expect(error.message).not.toMatch(/MCP error|-32602/);
  });
});
