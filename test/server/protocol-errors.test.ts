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
  it('answers -32002 (resource not found) for an unknown resource, whatever its URI looks like', async () => {
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
      expect(read.code, uri.slice(0, 40)).toBe(-32002);
      expect(read.message.length).toBeLessThan(600);
      // Subscribing is refused alike, a session that is not attached included (issue #28, item 9).
      expect((await rejection(client.subscribeResource({ uri }))).code).toBe(-32002);
    }
    await expect(client.subscribeResource({ uri: 'ink://app/screen' })).resolves.toEqual({});
  });

  it('says its code once: the SDK client adds "MCP error <code>: " to the message it is sent', async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const error = await rejection(client.readResource({ uri: 'ink://nobody/tree' }));
    expect(error.message).toMatch(
      /^MCP error -32002: ink-mcp: no attached session has the resource "ink:\/\/nobody\/tree"\./,
    );
    expect(error.message.match(/MCP error/g)).toHaveLength(1);
  });
});
