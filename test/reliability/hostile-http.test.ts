import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadlessApp, renderHeadless } from '../../src/testing/render-headless.js';
import { INITIALIZE, initializeRequest } from '../helpers/initialize.js';
import { mcpHeaders, messagesIn, type RawRequest, raw } from '../helpers/raw-http.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import { Counter } from './fixtures/ink-apps.js';

const MiB = 1024 * 1024;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('hostile HTTP requests', () => {
  let app: HeadlessApp;
  let token: string;
  let port: number;
  let url: string;
  /** Client A: an ordinary, authorized client whose session the hostile requests aim at. */
  let a: Client;
  let aSession: string;
  let applied = 0;
  const logger = memoryLogger();

  beforeAll(async () => {
    app = await renderHeadless(createElement(Counter, { id: 'c' }), {
      ...WIDGETS,
      session: 'app',
      logger,
      includeScreen: false,
    });
    ({ url, token } = await app.server.listen());
    port = Number(new URL(url).port);
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    a = new Client({ name: 'client-a', version: '1' });
    await a.connect(transport);
    aSession = transport.sessionId!;
    expect(aSession).toMatch(UUID_V4);
  });
  afterAll(async () => {
    await a.close();
    await app.unmount();
  });

  /** A call into A's session: if any hostile request below got through, the counter would show it. */
  const incBody = (callToken = 'hostile') =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'app.c.inc', arguments: { token: callToken } },
    });

  /** A still works, and the counter moved only by A's own calls. */
  async function expectServing(): Promise<void> {
    const callToken = randomUUID();
    const result = (await a.callTool({
      name: 'app.c.inc',
      arguments: { token: callToken },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ token: callToken });
    applied++;
    const read = (await a.callTool({ name: 'app.c.read', arguments: {} })) as CallToolResult;
    expect(read.structuredContent).toEqual({ count: applied });
  }

  const withSession = (headers: Record<string, string>) => ({ ...headers, 'mcp-session-id': aSession });
  const refused: [string, number, () => RawRequest][] = [
    [
      'no Authorization header',
      401,
      () => ({ headers: withSession({ 'Content-Type': 'application/json' }), body: incBody() }),
    ],
    ['a wrong token', 401, () => ({ headers: withSession(mcpHeaders(`${token}x`)), body: incBody() })],
    [
      'the token cut short',
      401,
      () => ({ headers: withSession(mcpHeaders(token.slice(0, -1))), body: incBody() }),
    ],
    [
      'the token with one character changed',
      401,
      () => ({
        headers: withSession(mcpHeaders(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)),
        body: incBody(),
      }),
    ],
    [
      'an empty bearer',
      401,
      () => ({
        headers: withSession({ ...mcpHeaders(token), Authorization: 'Bearer ' }),
        body: incBody(),
      }),
    ],
    [
      'the token as Basic credentials',
      401,
      () => ({
        headers: withSession({
          ...mcpHeaders(token),
          Authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}`,
        }),
        body: incBody(),
      }),
    ],
    [
      'the token in the query string only',
      401,
      () => ({
        path: `/mcp?token=${token}&access_token=${token}`,
        headers: withSession({
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        }),
        body: incBody(),
      }),
    ],
    [
      'a foreign Host',
      403,
      () => ({ headers: withSession(mcpHeaders(token, { Host: `evil.example:${port}` })), body: incBody() }),
    ],
    [
      'a loopback Host on another port',
      403,
      () => ({
        headers: withSession(mcpHeaders(token, { Host: `127.0.0.1:${port + 1}` })),
        body: incBody(),
      }),
    ],
    [
      'a Host that only starts like loopback',
      403,
      () => ({
        headers: withSession(mcpHeaders(token, { Host: `127.0.0.1.nip.io:${port}` })),
        body: incBody(),
      }),
    ],
    [
      'a foreign Origin',
      403,
      () => ({
        headers: withSession(mcpHeaders(token, { Origin: 'http://evil.example' })),
        body: incBody(),
      }),
    ],
    [
      'Origin: null (a sandboxed page)',
      403,
      () => ({ headers: withSession(mcpHeaders(token, { Origin: 'null' })), body: incBody() }),
    ],
    [
      'an Origin that only starts like loopback',
      403,
      () => ({
        headers: withSession(mcpHeaders(token, { Origin: `http://localhost.evil.example:${port}` })),
        body: incBody(),
      }),
    ],
    [
      'a 5 MiB body (declared)',
      413,
      () => ({ headers: withSession(mcpHeaders(token)), body: incBody('z'.repeat(5 * MiB)) }),
    ],
    [
      'a 5 MiB body (chunked, undeclared)',
      413,
      () => ({
        headers: withSession(mcpHeaders(token, { 'Transfer-Encoding': 'chunked' })),
        body: [incBody('z'.repeat(5 * MiB))],
      }),
    ],
    [
      'Content-Type text/plain (a CORS "simple" request)',
      415,
      () => ({
        headers: withSession(mcpHeaders(token, { 'Content-Type': 'text/plain' })),
        body: incBody(),
      }),
    ],
    [
      'Content-Type application/x-www-form-urlencoded',
      415,
      () => ({
        headers: withSession(mcpHeaders(token, { 'Content-Type': 'application/x-www-form-urlencoded' })),
        body: incBody(),
      }),
    ],
    [
      'Content-Type multipart/form-data',
      415,
      () => ({
        headers: withSession(mcpHeaders(token, { 'Content-Type': 'multipart/form-data; boundary=x' })),
        body: incBody(),
      }),
    ],
    [
      'no Content-Type',
      415,
      () => {
        const { 'Content-Type': _dropped, ...headers } = mcpHeaders(token);
        return { headers: withSession(headers), body: incBody() };
      },
    ],
    [
      'a body that is not JSON',
      400,
      () => ({ headers: withSession(mcpHeaders(token)), body: '{"jsonrpc":"2.0",' }),
    ],
    ['a JSON scalar', 400, () => ({ headers: withSession(mcpHeaders(token)), body: '42' })],
    [
      'a JSON array of scalars',
      400,
      () => ({ headers: withSession(mcpHeaders(token)), body: '[1,"x",null]' }),
    ],
    [
      'a method other than GET/POST/DELETE',
      405,
      () => ({ method: 'PUT', headers: withSession(mcpHeaders(token)), body: incBody() }),
    ],
    [
      'another path',
      404,
      () => ({ path: '/admin', headers: withSession(mcpHeaders(token)), body: incBody() }),
    ],
    [
      'a session id no one was given',
      404,
      () => ({
        headers: mcpHeaders(token, { 'mcp-session-id': randomUUID() }),
        body: incBody(),
      }),
    ],
    [
      'a session id that is not a UUID',
      404,
      () => ({
        headers: mcpHeaders(token, { 'mcp-session-id': '../../etc/passwd' }),
        body: incBody(),
      }),
    ],
    [
      "A's session id without the token",
      401,
      () => ({
        headers: withSession({
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        }),
        body: incBody(),
      }),
    ],
    [
      "a DELETE of A's session without the token",
      401,
      () => ({
        method: 'DELETE',
        headers: withSession({ Accept: 'application/json, text/event-stream' }),
      }),
    ],
    [
      "a GET stream on A's session with a wrong token",
      401,
      () => ({
        method: 'GET',
        headers: withSession({ Accept: 'text/event-stream', Authorization: 'Bearer nope' }),
      }),
    ],
    [
      "an initialize re-using A's session id",
      400,
      () => ({
        headers: withSession(mcpHeaders(token)),
        body: JSON.stringify({
          ...initializeRequest('b'),
        }),
      }),
    ],
  ];

  for (const [what, status, make] of refused) {
    it(`refuses ${what} (${status}); nothing reaches the app, A keeps being served`, async () => {
      const response = await raw(port, make());
      expect(response.status, response.body.slice(0, 300)).toBe(status);
      // Refusals carry a JSON-RPC error body, as MCP clients expect to parse.
      if (response.body !== '') expect(messagesIn(response.body)[0]?.error).toBeDefined();
      await expectServing();
    });
  }

  it('accepts an empty JSON batch as nothing to do (202)', async () => {
    const response = await raw(port, { headers: withSession(mcpHeaders(token)), body: '[]' });
    expect(response.status).toBe(202);
    await expectServing();
  });

  it('answers an unknown method in a valid session with "method not found"', async () => {
    const response = await raw(port, {
      headers: withSession(mcpHeaders(token)),
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'no/such/method', params: {} }),
    });
    expect(messagesIn(response.body)[0]?.error?.code).toBe(-32601);
    await expectServing();
  });

  it('gives every client its own unguessable session id', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await raw(port, { headers: mcpHeaders(token), body: JSON.stringify(INITIALIZE) });
        expect(response.status).toBe(200);
        return response.headers['mcp-session-id'] as string;
      }),
    );
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set([...ids, aSession]).size).toBe(ids.length + 1);
    await expectServing();
  });

  it('survives a client that hangs up in the middle of its body', async () => {
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: withSession(mcpHeaders(token, { 'Content-Length': String(MiB) })),
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(incBody().slice(0, 40), () => req.destroy());
    });
    await expectServing();
  });

  it('answers 200 concurrent unauthorized requests and keeps serving', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        raw(port, {
          headers: withSession(mcpHeaders(`guess-${i}`)),
          body: incBody(),
        }),
      ),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([401]));
    await expectServing();
    expect(logger.lines.filter((l) => /HTTP request failed|failed inside the server/.test(l))).toEqual([]);
  });
});
