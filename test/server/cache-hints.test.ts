import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { STABLE_LIST_TTL_MS } from '../../src/server/cache-hints.js';
import type { Surface } from '../../src/server/stable-surface.js';
import { counterApp, testServer } from './helpers.js';

/**
 * `tools/list` caching hints (MCP 2026-07-28, SEP-2549): a 2026-07-28 client is told how long the
 * list stays fresh, as the surface warrants (src/server/cache-hints.ts): the stable list, which
 * changes only when a session comes or goes, for 5 minutes; the widgets list, which follows the
 * screen, not at all; a stable list with no session yet, not at all. Always `private`. A 2025-era
 * client gets no such fields. Over the in-memory pair (stdio's serving entry) and Streamable HTTP.
 */

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

type Era = 'modern' | 'legacy';

function newClient(era: Era): Client {
  const client = new Client(
    { name: `cache-hints-${era}`, version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  clients.push(client);
  return client;
}

const transports = {
  async memory(server: ReturnType<typeof testServer>, era: Era) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = newClient(era);
    await client.connect(clientSide);
    return client;
  },
  async http(server: ReturnType<typeof testServer>, era: Era) {
    const { url, token } = await server.listen({ port: 0 });
    const client = newClient(era);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  },
} as const;

/** The list result as it came over the wire (bypassing the SDK client's own cache). */
async function listed(client: Client): Promise<Record<string, unknown>> {
  return (await client.listTools(undefined, { cacheMode: 'bypass' })) as unknown as Record<string, unknown>;
}

for (const [via, connect] of Object.entries(transports)) {
  describe(`tools/list caching hints over ${via}`, () => {
    const cases: [Surface, number][] = [
      ['stable', STABLE_LIST_TTL_MS],
      ['widgets', 0],
    ];
    for (const [surface, ttlMs] of cases) {
      it(`${surface} surface: ttlMs ${ttlMs}, cacheScope private for 2026-07-28; none for 2025`, async () => {
        const server = testServer({ surface });
        server.attach(counterApp().session);
        const modern = await listed(await connect(server, 'modern'));
        expect(modern).toMatchObject({ ttlMs, cacheScope: 'private' });
        expect((modern.tools as unknown[]).length).toBeGreaterThan(0);
        const legacy = await listed(await connect(testServer({ surface }), 'legacy'));
        expect(legacy).not.toHaveProperty('ttlMs');
        expect(legacy).not.toHaveProperty('cacheScope');
      });
    }

    it('stable surface with no session attached yet: immediately stale, then 5 minutes once one is', async () => {
      const server = testServer({ surface: 'stable' });
      const client = await connect(server, 'modern');
      expect(await listed(client)).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      server.attach(counterApp().session);
      expect(await listed(client)).toMatchObject({ ttlMs: STABLE_LIST_TTL_MS, cacheScope: 'private' });
    });
  });
}
