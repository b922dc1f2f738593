import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Instance, render } from 'ink';
import { createElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerHandle } from '../../src/server/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import { CounterSessions, memoryRenderOptions } from './fixtures/ink-apps.js';

const CLIENTS = 10;
const CALLS_PER_CLIENT = 100;
const SESSIONS = 10;
/** Two sessions per Ink app: sessions sharing a React root and sessions on different roots both take load. */
const SESSIONS_PER_APP = 2;

const logger = memoryLogger();
const server: McpServerHandle = createMcpServer({ ...WIDGETS, logger, includeScreen: false });
const apps: { instance: Instance; screen: () => string }[] = [];
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  for (const app of apps) app.instance.unmount();
  await server.close();
});

describe('load', () => {
  it(`${CLIENTS} HTTP clients × ${CALLS_PER_CLIENT} concurrent calls across ${SESSIONS} sessions: each applied once, each answer matched`, async () => {
    const ids = Array.from({ length: SESSIONS }, (_, i) => `s${i}`);
    for (let i = 0; i < SESSIONS; i += SESSIONS_PER_APP) {
      const { terminal, options } = memoryRenderOptions();
      const element = createElement(CounterSessions, {
        ids: ids.slice(i, i + SESSIONS_PER_APP),
        server,
        logger,
      });
      apps.push({ instance: render(element, options), screen: terminal.screen });
    }
    const { url, token } = await server.listen();
    for (let k = 0; k < CLIENTS; k++) {
      const client = new Client({ name: `load-${k}`, version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
    }
    const listed = (await clients[0]!.listTools()).tools.map((t) => t.name);
    for (const id of ids) expect(listed).toContain(`${id}_c_inc`);

    // Call i of client k goes to session (k + i) % 10: every session gets exactly 100 calls.
    const sent = new Map<string, number>(ids.map((id) => [id, 0]));
    const started = performance.now();
    const answers = await Promise.all(
      clients.flatMap((client, k) =>
        Array.from({ length: CALLS_PER_CLIENT }, async (_, i) => {
          const session = ids[(k + i) % SESSIONS]!;
          sent.set(session, (sent.get(session) ?? 0) + 1);
          const callToken = `${k}:${i}:${randomUUID()}`;
          const result = (await client.callTool({
            name: `${session}.c.inc`,
            arguments: { token: callToken },
          })) as CallToolResult;
          return { callToken, result };
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = CLIENTS * CALLS_PER_CLIENT;
    console.info(`load: ${total} calls in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(0)} calls/s`);

    expect(answers).toHaveLength(total);
    for (const { callToken, result } of answers) {
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toEqual({ token: callToken });
    }
    // Every call applied exactly once: each counter shows the calls sent to it, as React state and on screen.
    for (const id of ids) {
      const read = (await clients[0]!.callTool({ name: `${id}.c.read`, arguments: {} })) as CallToolResult;
      expect(read.structuredContent, id).toEqual({ count: sent.get(id) });
    }
    const screens = apps.map((a) => a.screen()).join('\n');
    for (const id of ids) expect(screens).toContain(`${id}=${sent.get(id)}`);
    expect(logger.lines.filter((l) => !/^ink-mcp: closing an MCP session idle/.test(l))).toEqual([]);
  }, 60_000);
});
