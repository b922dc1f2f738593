// issue #28 item 9 measurement: heap growth of 50,000 resources/subscribe on one in-memory connection.
// Run from a tree root: node --expose-gc --import tsx bench/limits-subscriptions.ts
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../src/server/index.js';
import { counterApp } from '../test/server/fixtures/counter-app.js';

const server = createMcpServer({ logger: { warn: () => {} } });
server.attach(counterApp().session);
const [c, s] = InMemoryTransport.createLinkedPair();
await server.connect(s);
const client = new Client({ name: 'm', version: '1' });
await client.connect(c);
const gc = (globalThis as { gc?: () => void }).gc!;
for (const kind of ['unknown sessions', 'screen offsets']) {
  gc();
  const before = process.memoryUsage().heapUsed;
  let refused = 0;
  const t0 = performance.now();
  for (let n = 0; n < 50_000; n++) {
    const uri = kind === 'unknown sessions' ? `ink://nobody${n}/screen` : `ink://app/screen?offset=${n}`;
    await client.subscribeResource({ uri }).catch(() => refused++);
  }
  const ms = performance.now() - t0;
  gc();
  const grown = (process.memoryUsage().heapUsed - before) / 1e6;
  console.log(
    `${kind}: 50,000 subscribes, ${refused} refused, heap +${grown.toFixed(1)} MB, ${ms.toFixed(0)} ms`,
  );
}
await client.close();
await server.close();
