import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { render } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerHandle } from '../../src/server/index.js';
import { MAX_LISTEN_URI_CHARS, MAX_LISTEN_URIS, MAX_LISTENS } from '../../src/server/limits.js';
import { createMemoryTerminal } from '../../src/testing/index.js';
import { ListenApp } from './fixtures/listen-app.js';

/**
 * What a 2026-07-28 client can make the server hold through `subscriptions/listen` (issue #39,
 * item 4): a filter of at most MAX_LISTEN_URIS URIs of at most MAX_LISTEN_URI_CHARS each, and at
 * most MAX_LISTENS streams open on one HTTP server; each refusal a sentence, over HTTP and stdio's
 * entry (in memory here). Real SDK client, real Streamable HTTP on 127.0.0.1.
 */

const TREE = 'ink://app/tree';
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

function modernClient(): Client {
  return new Client(
    { name: 'listen-limits', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
}

function serveApp(): McpServerHandle {
  const server = createMcpServer({ logger: { warn: () => {} } });
  const terminal = createMemoryTerminal(80, 10);
  const ink = render(<ListenApp server={server} />, {
    stdout: terminal.stdout as unknown as NodeJS.WriteStream,
    stderr: terminal.stderr as unknown as NodeJS.WriteStream,
    stdin: terminal.stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  closers.push(async () => {
    await server.close();
    ink.unmount();
  });
  return server;
}

async function overHttp() {
  const server = serveApp();
  const { url, token } = await server.listen({ port: 0 });
  const connect = async () => {
    const client = modernClient();
    closers.push(() => client.close());
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  };
  return { client: await connect(), connect, url, token };
}

async function inMemory() {
  const server = serveApp();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = modernClient();
  closers.push(() => client.close());
  await client.connect(clientSide);
  return { client };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => error.message,
  );

for (const [via, open] of Object.entries({ http: overHttp, 'stdio entry (in memory)': inMemory })) {
  describe(`listen filters are bounded (${via})`, () => {
    it(`a filter of more than ${MAX_LISTEN_URIS} URIs is refused with a sentence; the connection still listens`, async () => {
      const { client } = await open();
      const many = Array.from({ length: MAX_LISTEN_URIS + 1 }, (_, i) => `ink://app/screen?offset=${i}`);
      expect(await refusal(client.listen({ resourceSubscriptions: many }))).toContain(
        `this listen names ${MAX_LISTEN_URIS + 1} resource URIs; one listen may name at most ${MAX_LISTEN_URIS}`,
      );
      // At the limit is fine, and so is what the client needs.
      const atLimit = await client.listen({ resourceSubscriptions: many.slice(0, MAX_LISTEN_URIS) });
      expect(atLimit.honoredFilter.resourceSubscriptions).toHaveLength(MAX_LISTEN_URIS);
      const tree = await client.listen({ resourceSubscriptions: [TREE] });
      expect(tree.honoredFilter.resourceSubscriptions).toEqual([TREE]);
    }, 60_000);

    it('a URI longer than the limit is refused, naming which', async () => {
      const { client } = await open();
      const long = `ink://app/screen?offset=${'9'.repeat(MAX_LISTEN_URI_CHARS)}`;
      expect(await refusal(client.listen({ resourceSubscriptions: [TREE, long] }))).toContain(
        `resource URI 2 of this listen is ${long.length} characters long; a URI may have at most ${MAX_LISTEN_URI_CHARS}`,
      );
    }, 60_000);
  });
}

describe('listen streams of one HTTP server are bounded', () => {
  it(`a stream past the ${MAX_LISTENS} open is refused with a sentence; closing one makes room`, async () => {
    const { url, token } = await overHttp();
    // Raw streams (a client that opens many and reads none is what the bound is for).
    const opened: IncomingMessage[] = [];
    const listen = (id: number) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: {
            notifications: { resourceSubscriptions: [TREE] },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
              'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            },
          },
        });
        const req = httpRequest(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2026-07-28',
            'Mcp-Method': 'subscriptions/listen',
          },
        });
        req.once('response', resolve).once('error', reject);
        req.end(body);
      });
    closers.push(async () => {
      for (const res of opened) res.destroy();
    });
    for (let id = 1; id <= MAX_LISTENS; id++) {
      const res = await listen(id);
      opened.push(res);
      expect(res.headers['content-type']).toContain('text/event-stream');
    }
    const refused = await listen(MAX_LISTENS + 1);
    // An answer, not one more stream.
    expect(refused.headers['content-type']).toContain('application/json');
    const text = await new Promise<string>((resolve) => {
      let all = '';
      refused.on('data', (chunk: Buffer) => {
        all += chunk.toString();
      });
      refused.once('end', () => resolve(all));
    });
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: MAX_LISTENS + 1,
      error: {
        code: -32000,
        message: `ink-mcp: this server already has ${MAX_LISTENS} listen streams open, the most it keeps at once. Close one you no longer read (cancel its request), or listen on one stream for all you need.`,
      },
    });
    // One closes: a new one is served.
    const gone = opened.shift() as IncomingMessage;
    const closed = new Promise((resolve) => gone.socket.once('close', resolve));
    gone.destroy();
    await closed;
    let again: IncomingMessage | undefined;
    for (
      let tries = 0;
      tries < 200 && !again?.headers['content-type']?.includes('text/event-stream');
      tries++
    ) {
      again?.destroy();
      again = await listen(1_000 + tries);
    }
    opened.push(again as IncomingMessage);
    expect(again?.headers['content-type']).toContain('text/event-stream');
  }, 120_000);
});
