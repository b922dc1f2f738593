import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Text } from 'ink';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyModernList } from '../../src/launcher/early-answers.js';
import { earlyTools } from '../../src/launcher/early-tools.js';
import type { McpServerHandle } from '../../src/server/create-mcp-server.js';
import { renderHeadless } from '../../src/testing/index.js';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

/**
 * The `tools/list` answer given before the app has loaded (src/launcher/early-tools.ts, answered by
 * the relay of the launcher, of the preload and of startMcp) is the one the app's own server gives
 * once it has: compared field for field with the real server's answer, so that a change to what the
 * server lists (names, descriptions, schemas and their strict form, annotations, order) fails here
 * until the early answer follows it.
 */

/** Each process test starts Node (and tsx, or the launcher and the app): generous on a busy machine. */
const PROCESS_TEST_MS = 60_000;
/** How long one step (an answer, a line on stderr) may take to come, within a test. */
const WAIT_MS = 40_000;

const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
/** The envelope of a 2026-07-28 request (there is no initialize). */
const MODERN = {
  _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  },
};

/** A server's answer to a raw `tools/list`, as JSON (over a second, in-memory connection). */
async function rawList(server: McpServerHandle): Promise<unknown> {
  const [client, transport] = InMemoryTransport.createLinkedPair();
  await server.connect(transport);
  const answers = new Map<unknown, (m: JSONRPCMessage) => void>();
  client.onmessage = (message) => {
    if ('id' in message) answers.get(message.id)?.(message);
  };
  await client.start();
  const request = (id: number, method: string, params: object = {}) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answers.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    });
  await request(1, 'initialize', INIT);
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const answer = (await request(2, 'tools/list')) as { result?: unknown };
  await client.close();
  return JSON.parse(JSON.stringify(answer.result));
}

/** The early tools as the client receives them (JSON). */
const asSent = (tools: unknown) => JSON.parse(JSON.stringify({ tools }));

describe('the early tool list is the server’s, in memory', () => {
  const sessions = ['app', 'x', 'todo_2', 'a-b', 'S'.repeat(32)];
  for (const session of sessions)
    for (const builtinTools of [true, false])
      for (const nameStyle of ['portable', 'dotted'] as const)
        it(`session ${session.length > 8 ? `of ${session.length} characters` : session}, built-ins ${builtinTools ? 'on' : 'off'}, ${nameStyle} names`, async () => {
          const headless = await renderHeadless(createElement(Text, null, 'hi'), {
            session,
            builtinTools,
            nameStyle,
          });
          try {
            const real = await rawList(headless.server);
            expect(asSent(earlyTools({ session, builtinTools, nameStyle }))).toStrictEqual(real);
          } finally {
            await headless.unmount();
          }
        });

  for (const builtinTools of [true, false])
    for (const nameStyle of ['portable', 'dotted'] as const)
      it(`screenshots on, built-ins ${builtinTools ? 'on' : 'off'}, ${nameStyle} names`, async () => {
        const headless = await renderHeadless(createElement(Text, null, 'hi'), {
          session: 'shot',
          builtinTools,
          screenshots: true,
          nameStyle,
        });
        try {
          const real = await rawList(headless.server);
          expect(
            asSent(earlyTools({ session: 'shot', builtinTools, screenshots: true, nameStyle })),
          ).toStrictEqual(real);
        } finally {
          await headless.unmount();
        }
      });

  it('a 2026-07-28 listing: the same result as the server gives, but for its cache hint (the app confirms the list)', async () => {
    const headless = await renderHeadless(createElement(Text, null, 'hi'), {
      session: 'app',
      name: 'n',
      version: '1',
    });
    try {
      const [client, transport] = InMemoryTransport.createLinkedPair();
      await headless.server.connect(transport);
      const answer = new Promise<JSONRPCMessage>((resolve) => {
        client.onmessage = resolve;
      });
      await client.start();
      const request = { jsonrpc: '2.0' as const, id: 1, method: 'tools/list', params: MODERN };
      await client.send(request as JSONRPCMessage);
      const real = JSON.parse(JSON.stringify(((await answer) as { result: object }).result));
      await client.close();
      const early = (
        earlyModernList(request, earlyTools({ session: 'app', builtinTools: true })!, {
          name: 'n',
          version: '1',
        }) as { result: object }
      ).result;
      expect(JSON.parse(JSON.stringify(early))).toStrictEqual({ ...real, ttlMs: 0 });
      expect(real.ttlMs).toBeGreaterThan(0);
    } finally {
      await headless.unmount();
    }
  });

  it('no early list for a session id the walker refuses (the server decides that listing)', () => {
    expect(earlyTools({ session: 'has.dot', builtinTools: true })).toBeUndefined();
    expect(earlyTools({ session: '', builtinTools: true })).toBeUndefined();
    expect(earlyTools({ session: 'S'.repeat(33), builtinTools: true })).toBeUndefined();
  });
});

/** A stdio server spoken to in raw JSON-RPC lines, as a client does. */
function rawClient(child: ChildProcessWithoutNullStreams) {
  const messages: { id?: unknown; method?: string; result?: unknown; error?: unknown }[] = [];
  /** What happened, in order: `answer <id>`, `notification <method>`, and what the test marks. */
  const events: string[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line);
      messages.push(message);
      events.push(message.id === undefined ? `notification ${message.method}` : `answer ${message.id}`);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return {
    events,
    stderr: () => stderr,
    send: (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`),
    answer: async (id: unknown) => {
      await vi.waitFor(() => expect(messages.some((m) => m.id === id)).toBe(true), { timeout: WAIT_MS });
      return messages.find((m) => m.id === id)!;
    },
    async end() {
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

describe('startMcp over stdio answers tools/list before the app loads, as its server lists once loaded', {
  timeout: PROCESS_TEST_MS,
}, () => {
  const gated = fileURLToPath(new URL('../start/apps/gated.tsx', import.meta.url));
  const start = (flags: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', gated, ...flags], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const client = rawClient(child);
    const release = async () => {
      await vi.waitFor(() => expect(client.stderr()).toContain('gated: waiting'), { timeout: WAIT_MS });
      client.events.push('released');
      child.kill('SIGUSR2');
    };
    return { child, client, release };
  };

  for (const [flags, session, builtinTools, nameStyle] of [
    // Dotted names are compared in memory above; a process per variant costs seconds.
    [[], 'gated', true, 'portable'],
    [['--no-builtins'], 'gated', false, 'portable'],
  ] as const)
    it(`${flags.join(' ') || 'by default'}`, async () => {
      const { child, client, release } = start(['--list', ...flags]);
      try {
        client.send({ id: 1, method: 'initialize', params: INIT });
        client.send({ method: 'notifications/initialized' });
        client.send({ id: 2, method: 'tools/list' });
        const early = await client.answer(2);
        // Answered without the app: its code has not been loaded (it waits for the signal).
        expect(client.events).not.toContain('released');
        expect(client.stderr()).not.toContain('counter: loaded');
        expect(early.result).toStrictEqual(asSent(earlyTools({ session, builtinTools, nameStyle })));
        await release();
        await vi.waitFor(() => expect(client.stderr()).toMatch(/gated: listed .*\n/), { timeout: WAIT_MS });
        const real = JSON.parse(/gated: listed (.*)\n/.exec(client.stderr())![1]!) as { result: unknown };
        expect(early.result).toStrictEqual(real.result);
        // Calls wait for the app, and reach it.
        client.send({
          id: 3,
          method: 'tools/call',
          params: {
            name: 'gated_act',
            arguments: { widget: 'counter', action: 'inc', args: '{}' },
          },
        });
        const called = (await client.answer(3)) as { result?: { isError?: boolean } };
        expect(called.result?.isError).toBeFalsy();
        expect(client.stderr()).toContain('counter: count is 1');
      } finally {
        await client.end();
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });

  it("the widgets surface: tools/list waits for the app (its tools are the app's widgets)", async () => {
    const { child, client, release } = start(['--widgets']);
    try {
      client.send({ id: 1, method: 'initialize', params: INIT });
      client.send({ method: 'notifications/initialized' });
      client.send({ id: 2, method: 'tools/list' });
      client.send({ id: 3, method: 'ping' });
      // Lines are handled in order: had the listing been answered early, it would precede the ping.
      await client.answer(3);
      expect(client.events).not.toContain('answer 2');
      await release();
      const listed = (await client.answer(2)) as { result: { tools: { name: string }[] } };
      expect(listed.result.tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['gated_counter_inc', 'gated_counter_quit']),
      );
    } finally {
      await client.end();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('the launcher answers tools/list before the app loads, as the app’s server lists once loaded', {
  timeout: PROCESS_TEST_MS,
}, () => {
  let built: BuiltPackage;
  beforeAll(async () => {
    built = await buildPackage();
  }, PROCESS_TEST_MS);
  afterAll(() => built?.remove());

  const launch = (flags: string[], appFile: string) => {
    const child = spawn(process.execPath, [built.bin, ...flags, '--', 'node', app(appFile)], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const client = rawClient(child);
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('slow-start: importing ink now')) client.events.push('app imports ink');
    });
    return { child, client };
  };

  for (const [flags, builtinTools] of [
    [[], true],
    [['--no-builtin-tools'], false],
  ] as const) {
    it(`${flags.join(' ') || 'by default'}: answered before the app imports Ink`, async () => {
      const { child, client } = launch([...flags], 'slow-start.js');
      try {
        client.send({ id: 1, method: 'initialize', params: INIT });
        client.send({ method: 'notifications/initialized' });
        client.send({ id: 2, method: 'tools/list' });
        const early = await client.answer(2);
        expect(client.events).not.toContain('app imports ink');
        expect(early.result).toStrictEqual(asSent(earlyTools({ session: 'app', builtinTools })));
      } finally {
        await client.end();
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });

    it(`${flags.join(' ') || 'by default'}: the same as the app's server lists (an app with a second session: told with list_changed)`, async () => {
      // twice.js renders two sessions, app and app_2: the app's server lists both, where the early
      // answer could only know the first. So the listing compared here is surely the server's.
      const { child, client } = launch([...flags], 'twice.js');
      try {
        client.send({ id: 1, method: 'initialize', params: INIT });
        client.send({ method: 'notifications/initialized' });
        client.send({ id: 2, method: 'tools/list' });
        const early = await client.answer(2);
        expect(early.result).toStrictEqual(asSent(earlyTools({ session: 'app', builtinTools })));
        // The client lists again on each list_changed, as a client does, until it has the app's list.
        const changes = () =>
          client.events.filter((e) => e === 'notification notifications/tools/list_changed').length;
        let listed: { tools: { name: string }[] } | undefined;
        for (let heard = 1; !listed?.tools.some((t) => t.name.startsWith('app_2_')); heard++) {
          if (heard > 5) throw new Error(`no listing with app_2 after ${heard - 1} list_changed`);
          await vi.waitFor(() => expect(changes()).toBeGreaterThanOrEqual(heard), { timeout: WAIT_MS });
          const id = 2 + heard;
          client.send({ id, method: 'tools/list' });
          listed = (await client.answer(id)).result as typeof listed;
        }
        const second = earlyTools({ session: 'app_2', builtinTools });
        expect(listed).toStrictEqual(asSent([...earlyTools({ session: 'app', builtinTools })!, ...second!]));
      } finally {
        await client.end();
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
  }

  it('the preload alone (node --import ink-mcp/register) answers tools/list before the app imports Ink', async () => {
    const child = spawn(process.execPath, ['--import', built.register, app('slow-start.js')], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const client = rawClient(child);
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('slow-start: importing ink now')) client.events.push('app imports ink');
    });
    try {
      client.send({ id: 1, method: 'initialize', params: INIT });
      client.send({ method: 'notifications/initialized' });
      client.send({ id: 2, method: 'tools/list' });
      const early = await client.answer(2);
      expect(client.events).not.toContain('app imports ink');
      expect(early.result).toStrictEqual(asSent(earlyTools({ session: 'app', builtinTools: true })));
    } finally {
      await client.end();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('--surface widgets: tools/list waits for the app, and lists its widgets', async () => {
    const { child, client } = launch(['--surface', 'widgets'], 'slow-start.js');
    try {
      client.send({ id: 1, method: 'initialize', params: INIT });
      client.send({ method: 'notifications/initialized' });
      client.send({ id: 2, method: 'tools/list' });
      client.send({ id: 3, method: 'ping' });
      await client.answer(3);
      const listed = (await client.answer(2)) as { result: { tools: { name: string }[] } };
      expect(client.events.indexOf('app imports ink')).toBeGreaterThanOrEqual(0);
      expect(client.events.indexOf('app imports ink')).toBeLessThan(client.events.indexOf('answer 2'));
      // chat.js declares no tools: the widgets surface lists the built-ins, and no act tool.
      const names = listed.result.tools.map((t) => t.name);
      expect(names).toContain('app_keyboard_type');
      expect(names).not.toContain('app_act');
    } finally {
      await client.end();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
