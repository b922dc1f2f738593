import { type CallToolResult, Client, InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connectClient, counterApp, testServer, texts } from './helpers.js';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

interface ViewState {
  version: string;
  messages: { type: string; html?: string; question?: { id: number; text: string; armed: boolean } }[];
  question?: { id: number; code: string };
}

/** The screen's HTML, as the view draws it. */
const screenOf = (s: ViewState) => s.messages.find((m) => m.type === 'screen')?.html ?? '';
/** The open question as the view shows it, and the code its answer needs. */
function questionOf(s: ViewState) {
  const shown = s.messages.find((m) => m.type === 'state')?.question;
  return shown && s.question ? { ...shown, code: s.question.code } : undefined;
}

/** The key written into a copy of the view page (what the host renders; the model never reads it). */
async function pageKey(client: Client, session = 'app'): Promise<string> {
  const read = await client.readResource({ uri: `ui://${session}/screen` });
  const html = (read.contents[0] as { text: string }).text;
  const config = /var INK_MCP_VIEW = (\{.*?\});\n/.exec(html)?.[1];
  return (JSON.parse(config ?? '{}') as { key: string }).key;
}

const stateOf = (result: CallToolResult) => result._meta?.['ink-mcp/view'] as ViewState | undefined;

/** Reads the view until `ready` holds (each read waits server-side for a change). */
async function viewUntil(client: Client, key: string, ready: (s: ViewState) => boolean): Promise<ViewState> {
  let after: string | undefined;
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const result = (await client.callTool({
      name: 'app.screen.view',
      arguments: after === undefined ? { viewToken: key } : { viewToken: key, after },
    })) as CallToolResult;
    const state = stateOf(result);
    if (!state) throw new Error(`no view state: ${texts(result).join(' ')}`);
    if (ready(state)) return state;
    after = state.version;
  }
  throw new Error('the view never got there');
}

function setup(options: { surface?: 'stable' | 'widgets' } = {}) {
  const server = testServer({ authorize: () => 'ask', includeScreen: false, ...options });
  const app = counterApp();
  server.attach(app.session);
  return { server, app };
}

/** A listing with what the view adds taken out: the tools' `_meta` and the app-only tools. */
function withoutView(tools: Tool[]): Tool[] {
  return tools
    .filter((t) => !(t._meta?.ui as { visibility?: string[] } | undefined)?.visibility?.includes('app'))
    .map(({ _meta, ...rest }) => rest as Tool);
}

describe('the MCP App view is negotiated', () => {
  it.each(['stable', 'widgets'] as const)(
    '%s surface: a client without the UI extension lists what it listed before; one with it gets links and two app-only tools',
    async (surface) => {
      const { server } = setup({ surface });
      const plain = await connectClient(server);
      const host = await connectClient(server, { capabilities: UI });
      const before = (await plain.listTools()).tools;
      const withUi = (await host.listTools()).tools;
      expect(JSON.stringify(before)).not.toMatch(/_meta|ui:\/\/|screen_view|screen_answer/);
      expect(withoutView(withUi)).toEqual(before);
      const appOnly = withUi.filter((t) => !withoutView([t]).length);
      expect(appOnly.map((t) => [t.name, t._meta?.ui])).toEqual([
        ['app_screen_view', { resourceUri: 'ui://app/screen', visibility: ['app'] }],
        ['app_screen_answer', { resourceUri: 'ui://app/screen', visibility: ['app'] }],
      ]);
      for (const tool of withUi.filter((t) => !appOnly.includes(t))) {
        expect(tool._meta).toEqual({
          ui: { resourceUri: 'ui://app/screen' },
          'ui/resourceUri': 'ui://app/screen',
        });
      }
      // Resources: the same for the plain client; the view's page besides for the host.
      const plainResources = (await plain.listResources()).resources;
      expect(plainResources.map((r) => r.uri)).toEqual(['ink://app/screen', 'ink://app/tree']);
      expect((await host.listResources()).resources.map((r) => [r.uri, r.mimeType])).toEqual([
        ['ink://app/screen', 'text/plain'],
        ['ink://app/tree', 'application/json'],
        ['ui://app/screen', 'text/html;profile=mcp-app'],
      ]);
      // A plain client cannot read the page nor call the view's tools: they do not exist for it.
      await expect(plain.readResource({ uri: 'ui://app/screen' })).rejects.toThrow(
        /not a resource of this server/,
      );
      const called = (await plain.callTool({ name: 'app_screen_view', arguments: {} })) as CallToolResult;
      expect(called.isError).toBe(true);
      expect(texts(called)[0]).toMatch(/no tool/i);
    },
  );

  it('a 2026-07-28 client declares it in each request: the same view over stdio-like transports', async () => {
    const { server } = setup();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const modern = new Client(
      { name: 'modern-host', version: '1.0.0' },
      { capabilities: UI, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(clientSide);
    try {
      const names = (await modern.listTools()).tools.map((t) => t.name);
      expect(names.slice(-2)).toEqual(['app_screen_view', 'app_screen_answer']);
      const key = await pageKey(modern);
      expect(screenOf(await viewUntil(modern, key, () => true))).toMatch(/>c=0</);
    } finally {
      await modern.close();
    }
  });

  it('serves a self-contained page with a new key in each copy', async () => {
    const { server } = setup();
    const host = await connectClient(server, { capabilities: UI });
    const read = await host.readResource({ uri: 'ui://app/screen' });
    const content = read.contents[0] as { mimeType: string; text: string };
    expect(content.mimeType).toBe('text/html;profile=mcp-app');
    expect(content.text).toMatch(/^<!doctype html>/);
    // Nothing is loaded from anywhere: no src, href or url() to fetch.
    expect(content.text).not.toMatch(
      /\ssrc=|\shref=|url\(|@import|fetch\(|XMLHttpRequest|WebSocket|EventSource/,
    );
    const [a, b] = [await pageKey(host), await pageKey(host)];
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(b).not.toBe(a);
  });
});

describe("the person's yes through the view", () => {
  it('asks in the view where the client cannot elicit, and only the view can answer', async () => {
    const { server, app } = setup();
    const host = await connectClient(server, { capabilities: UI });
    const key = await pageKey(host);
    const wipe = host.callTool({ name: 'app.c.wipe', arguments: {} }) as Promise<CallToolResult>;
    wipe.catch(() => {}); // awaited below; a failure before then must not go unhandled

    const shown = await viewUntil(host, key, (s) => questionOf(s) !== undefined);
    expect(questionOf(shown)?.text).toMatch(
      /call app\.c\.wipe in the app "app" with \{\}\. Allow this one call\?/,
    );
    const code = questionOf(shown)?.code as string;
    // Just shown: not armed, so a click (or a guess) meant for something else cannot answer it.
    if (!questionOf(shown)?.armed) {
      const early = (await host.callTool({
        name: 'app_screen_answer',
        arguments: { viewToken: key, questionToken: code, approve: true },
      })) as CallToolResult;
      expect(texts(early)[0]).toMatch(/Not yet: the question was just shown\. .*Nothing ran\./);
    }
    await viewUntil(host, key, (s) => questionOf(s)?.armed === true);

    // The model's attempts, by name, through the same connection: no key, a made-up key, a wrong code.
    const attempts = [
      {},
      { questionToken: code, approve: true },
      { viewToken: 'x'.repeat(32), questionToken: code, approve: true },
      { viewToken: key, questionToken: 'guess', approve: true },
    ];
    for (const args of attempts) {
      const answer = (await host.callTool({ name: 'app_screen_answer', arguments: args })) as CallToolResult;
      expect(answer.isError).toBe(true);
      expect(texts(answer)[0]).toMatch(/A model cannot answer for the person|not open/);
    }
    // Another connection, even holding this connection's key and code, opens nothing.
    const other = await connectClient(server, { capabilities: UI });
    const stolen = (await other.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: code, approve: true },
    })) as CallToolResult;
    expect(texts(stolen)[0]).toMatch(/A model cannot answer for the person/);
    expect(app.wiped).toBe(0);

    const yes = (await host.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: code, approve: true },
    })) as CallToolResult;
    expect(texts(yes)).toEqual(['Approved: the call runs.']);
    // The answer says whose yes it was.
    expect(texts(await wipe)).toEqual(['wiped', expect.stringMatching(/^Approved by the person watching/)]);
    expect(app.wiped).toBe(1);
    // The code was for that one question: used again, it opens nothing.
    const again = (await host.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: code, approve: true },
    })) as CallToolResult;
    expect(texts(again)[0]).toMatch(/not open/);
    expect(questionOf(await viewUntil(host, key, (s) => questionOf(s) === undefined))).toBeUndefined();

    // The next question has its own code: the old one answers nothing.
    const second = host.callTool({ name: 'app.c.wipe', arguments: {} }) as Promise<CallToolResult>;
    second.catch(() => {});
    const next = await viewUntil(host, key, (s) => questionOf(s)?.armed === true);
    expect(questionOf(next)?.code).not.toBe(code);
    const stale = (await host.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: code, approve: true },
    })) as CallToolResult;
    expect(texts(stale)[0]).toMatch(/not open/);
    await host.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: questionOf(next)?.code, approve: false },
    });
    expect((await second).isError).toBe(true);
    expect(app.wiped).toBe(1);
  });

  it('a deny in the view refuses the call', async () => {
    const { server, app } = setup();
    const host = await connectClient(server, { capabilities: UI });
    const key = await pageKey(host);
    const wipe = host.callTool({ name: 'app.c.wipe', arguments: {} }) as Promise<CallToolResult>;
    wipe.catch(() => {}); // awaited below; a failure before then must not go unhandled
    const shown = await viewUntil(host, key, (s) => questionOf(s)?.armed === true);
    await host.callTool({
      name: 'app_screen_answer',
      arguments: { viewToken: key, questionToken: questionOf(shown)?.code, approve: false },
    });
    const answer = await wipe;
    expect(answer.isError).toBe(true);
    expect(texts(answer)[0]).toMatch(/declined it/);
    expect(app.wiped).toBe(0);
  });

  it('a client with neither elicitation nor the view is refused as before', async () => {
    const { server, app } = setup();
    const plain = await connectClient(server);
    const answer = (await plain.callTool({ name: 'app.c.wipe', arguments: {} })) as CallToolResult;
    expect(answer.isError).toBe(true);
    expect(app.wiped).toBe(0);
  });

  it('the view follows the app: a read given the shown version answers when the screen changes', async () => {
    const { server } = setup();
    const host = await connectClient(server, { capabilities: UI });
    const key = await pageKey(host);
    const first = await viewUntil(host, key, () => true);
    // The watcher's screen HTML (this session reads no styles: plain runs).
    expect(screenOf(first)).toMatch(/^<div class="ink-screen"><pre class="ink-screen-rows"[^>]*>c=0<\/pre>/);
    const next = viewUntil(host, key, (s) => screenOf(s) !== screenOf(first));
    await host.callTool({ name: 'app.c.inc', arguments: { by: 2 } });
    expect(screenOf(await next)).toMatch(/>c=2</);
  });
});
