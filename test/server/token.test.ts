import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_ENV } from '../../src/server/index.js';
import { chooseToken } from '../../src/server/token.js';
import { counterApp, memoryLogger, testServer } from './helpers.js';

const CHOSEN = 'test-token-for-a-proxy-0123456789abcdef';

afterEach(() => {
  vi.unstubAllEnvs();
});

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'token-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

describe('a chosen bearer token', () => {
  it('is the one listen({ token }) was given, and a client sending it is served', async () => {
    const logger = memoryLogger();
    const server = testServer({ logger });
    server.attach(counterApp().session);
    const { url, token } = await server.listen({ token: CHOSEN });
    expect(token).toBe(CHOSEN);
    const client = await connect(url, CHOSEN);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect(logger.lines.join('\n')).not.toContain(CHOSEN);
  });

  it(`comes from ${TOKEN_ENV} when listen() is given none (renderMcp's http mode and the launcher call listen())`, async () => {
    vi.stubEnv(TOKEN_ENV, CHOSEN);
    const server = testServer();
    const { token } = await server.listen();
    expect(token).toBe(CHOSEN);
  });

  it('is random (256 bits) otherwise, and differs per server', async () => {
    vi.stubEnv(TOKEN_ENV, '');
    const [a, b] = [chooseToken(undefined), chooseToken(undefined)];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('is refused with a clear error when too short, too long or not a Bearer token', async () => {
    for (const [bad, why] of [
      ['short', /5 characters long; use 32 to 512/],
      ['x'.repeat(513), /513 characters long/],
      [`${'a'.repeat(40)} b`, /characters a Bearer token cannot/],
      [`${'a'.repeat(40)}\n`, /characters a Bearer token cannot/],
    ] as const) {
      const server = testServer();
      await expect(server.listen({ token: bad })).rejects.toThrow(
        new RegExp(
          `^ink-mcp: the token passed to listen\\(\\) cannot be used as a bearer token: .*${why.source}`,
        ),
      );
    }
    vi.stubEnv(TOKEN_ENV, 'short');
    await expect(testServer().listen()).rejects.toThrow(
      /^ink-mcp: the INK_MCP_TOKEN environment variable cannot be used as a bearer token/,
    );
  });
});
