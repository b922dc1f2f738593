import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorizeRequest } from '../../src/registry/authorize.js';
import { cleanClientText, MAX_CLIENT_INFO_LENGTH } from '../../src/server/client-info.js';
import type { McpServerOptions } from '../../src/server/index.js';
import { counterApp, testServer, texts } from './helpers.js';

/**
 * issue #28, item 6: a client's `clientInfo` is cleaned once, before it reaches the app
 * (`CallInfo.client`), the authorizer and its prompt (`request.client`): an OSC in a name an app
 * prints would retitle the person's terminal; a bidi override or a zero-width character makes what
 * a person reads differ from what is there.
 */
const OSC_TITLE = '\u001B]0;pwned\u0007';
const HOSTILE_NAME = `Claude${OSC_TITLE}\u202E\u200Bdesk\u0007\u001B[31mtop\u009D2;x\u009C\r\n${'A'.repeat(500)}`;
const HOSTILE_VERSION = `1.0\u2066\u202Dbeta\u0000\u001B]52;c;ZWNobyBoaQ==\u0007`;

/** What a tool, an action and the authorizer were given as the client. */
function whoServer(options: McpServerOptions = {}) {
  const seen: { tool?: unknown; authorizer?: AuthorizeRequest['client'] } = {};
  const server = testServer({
    includeScreen: false,
    tools: [
      {
        name: 'who',
        run: (_args, call) => {
          seen.tool = call.client;
          return JSON.stringify(call.client);
        },
      },
      {
        name: 'risky',
        annotations: { destructiveHint: true },
        run: () => 'done',
      },
    ],
    authorize: (request) => {
      seen.authorizer = request.client;
      return 'allow';
    },
    ...options,
  });
  server.attach(counterApp().session);
  return { server, seen };
}

function expectClean(info: unknown): void {
  const { name, version } = info as { name: string; version: string };
  // No escape, control, bidi or zero-width character survives, nor the escapes' payloads.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there.
  const hidden = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u;
  expect(name).not.toMatch(hidden);
  expect(version).not.toMatch(hidden);
  expect(name).not.toMatch(/pwned|\]0;|\[31m|2;x/);
  expect(version).not.toMatch(/52;c|ZWNobyBoaQ/);
  expect(name.startsWith('Claudedesktop')).toBe(true);
  expect([...name].length).toBeLessThanOrEqual(MAX_CLIENT_INFO_LENGTH);
  expect(name.endsWith('…')).toBe(true);
  expect(version).toBe('1.0beta');
}

describe('clientInfo is cleaned before anything sees it', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  });

  it('in memory: the tool, the answer and the authorizer get the cleaned name and version', async () => {
    const { server, seen } = whoServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: HOSTILE_NAME, version: HOSTILE_VERSION });
    clients.push(client);
    await client.connect(clientSide);
    const result = await client.callTool({ name: 'who', arguments: {} });
    expectClean(seen.tool);
    expect(texts(result).join('\n')).not.toContain('\u001B');
    await client.callTool({ name: 'risky', arguments: {} });
    expectClean(seen.authorizer);
  });

  it('over Streamable HTTP: name and version both cleaned, for the tool and the authorizer', async () => {
    const { server, seen } = whoServer();
    const { url, token } = await server.listen();
    const client = new Client({ name: HOSTILE_NAME, version: HOSTILE_VERSION });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    await client.callTool({ name: 'who', arguments: {} });
    expectClean(seen.tool);
    await client.callTool({ name: 'risky', arguments: {} });
    expectClean(seen.authorizer);
  });

  it('cuts at the limit without splitting a character, and keeps ordinary names as they are', () => {
    expect(cleanClientText('claude-code')).toBe('claude-code');
    expect(cleanClientText('Visual Studio Code – Insiders')).toBe('Visual Studio Code – Insiders');
    const emoji = cleanClientText('😀'.repeat(150));
    expect([...emoji]).toHaveLength(MAX_CLIENT_INFO_LENGTH);
    expect(emoji.endsWith('😀…')).toBe(true);
    expect(cleanClientText(undefined)).toBe('');
  });
});
