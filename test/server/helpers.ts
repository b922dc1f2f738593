import type { ClientCapabilities, Notification, NotificationMethod } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach } from 'vitest';
import { createMcpServer, type McpServerHandle, type McpServerOptions } from '../../src/server/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from './fixtures/counter-app.js';

export { counterApp, memoryLogger } from './fixtures/counter-app.js';

const servers: McpServerHandle[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server closed after the test. Short coalescing keeps notification tests fast. */
export function testServer(options: McpServerOptions = {}): McpServerHandle {
  const server = createMcpServer({
    logger: memoryLogger(),
    coalesce: { waitMs: 5, maxWaitMs: 20 },
    ...WIDGETS,
    ...options,
  });
  servers.push(server);
  return server;
}

/** A real SDK client connected in memory; closed after the test. */
export async function connectClient(
  server: McpServerHandle,
  options: { name?: string; capabilities?: ClientCapabilities } = {},
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client(
    { name: options.name ?? 'test-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

/** Records every notification of one kind the client receives. */
export function collect(client: Client, method: NotificationMethod): Notification[] {
  const seen: Notification[] = [];
  client.setNotificationHandler(method, (n) => {
    seen.push(n as Notification);
  });
  return seen;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text items of a call result. */
export function texts(result: object): string[] {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? `(${c.type})`);
}
