// An app served with startMcp whose code loads only when the test says so (SIGUSR2): whatever is
// answered before that is answered without the app. `--fail`: the app's code fails to load.
// `--no-builtins`, `--widgets`, `--dotted`: startMcp's builtinTools: false, surface: 'widgets',
// nameStyle: 'dotted'. `--list`: once loaded, the app lists its own server's tools over a second
// connection and writes that answer to stderr (`gated: listed <JSON-RPC answer>`), for a test to
// compare with what the client was answered before the app loaded.
import { once } from 'node:events';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { startMcp } from '../../../src/start/index.js';

const flag = (name: string) => process.argv.includes(name);

const app = await startMcp(
  async () => {
    const signal = once(process, 'SIGUSR2');
    // Stands for the pending I/O of a real import, which keeps the process alive while it loads.
    const loading = setInterval(() => {}, 1_000);
    process.stderr.write('gated: waiting\n');
    await signal;
    clearInterval(loading);
    if (flag('--fail')) throw new Error('the app module is broken');
    const { Counter } = await import('./counter.js');
    return <Counter />;
  },
  {
    session: 'gated',
    transport: 'stdio',
    name: 'gated-app',
    version: '9.9.9',
    ...(flag('--no-builtins') ? { builtinTools: false } : {}),
    ...(flag('--widgets') ? { surface: 'widgets' as const } : {}),
    ...(flag('--dotted') ? { nameStyle: 'dotted' as const } : {}),
  },
).catch((error: unknown) => {
  process.stderr.write(`gated: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
if (flag('--list')) process.stderr.write(`gated: listed ${JSON.stringify(await listOwnTools())}\n`);
await app.waitUntilExit();
process.stderr.write('gated: exited\n');

/** The app's server's answer to a raw `tools/list`, over a second (in-memory) connection. */
async function listOwnTools(): Promise<JSONRPCMessage> {
  const [client, server] = InMemoryTransport.createLinkedPair();
  await app.server.connect(server);
  const answers = new Map<unknown, (message: JSONRPCMessage) => void>();
  client.onmessage = (message) => {
    if ('id' in message) answers.get(message.id)?.(message);
  };
  await client.start();
  const request = (id: number, method: string, params: object = {}) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answers.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    });
  await request(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'gated-self', version: '1' },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const listed = await request(2, 'tools/list');
  await client.close();
  return listed;
}
