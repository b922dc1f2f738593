// issue #28 item 9 measurement: heap held per open HTTP MCP session (raw initialize, never closed).
// Run from a tree root: node --expose-gc --import tsx bench/limits-http-sessions.ts
import { createMcpServer } from '../src/server/index.js';
import { initializeRequest } from '../test/helpers/initialize.js';
import { mcpHeaders, raw } from '../test/helpers/raw-http.js';
import { counterApp } from '../test/server/fixtures/counter-app.js';

const server = createMcpServer({ logger: { warn: () => {} }, maxHttpSessions: 1000 });
server.attach(counterApp().session);
const { url, token } = await server.listen();
const port = Number(new URL(url).port);
const gc = (globalThis as { gc?: () => void }).gc!;
gc();
const before = process.memoryUsage().heapUsed;
const statuses = new Map<number, number>();
for (let i = 0; i < 1100; i++) {
  const r = await raw(port, {
    headers: mcpHeaders(token),
    body: JSON.stringify(initializeRequest(`c${i}`, 1)),
  });
  statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
}
gc();
const grown = (process.memoryUsage().heapUsed - before) / 1e6;
console.log(
  `1,100 initializes: statuses ${JSON.stringify([...statuses])}, heap +${grown.toFixed(1)} MB (${((grown * 1000) / 1000).toFixed(1)} kB a session kept)`,
);
await server.close();
