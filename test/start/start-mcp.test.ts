import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it, vi } from 'vitest';

/**
 * `startMcp` (ink-mcp/start) over a real stdio child process, driven by the SDK client. The app
 * (apps/gated.tsx) loads its code only when the test sends SIGUSR2, so what is answered before
 * that is answered without the app: checked by order, not by time.
 */
const gated = fileURLToPath(new URL('./apps/gated.tsx', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

async function start(extra: string[] = [], era: 'legacy' | 'modern' = 'legacy') {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', gated, ...extra],
    cwd: repo,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let closed = false;
  const client = new Client(
    { name: 'start-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  // The SDK client fails on a line of stdout that is not JSON-RPC: every step below proves none came.
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  client.onclose = () => {
    closed = true;
  };
  await client.connect(transport);
  // What the client has written: SDK 2.x sends a request some turns after the call that makes it.
  const sent: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    if ('method' in message) sent.push(message.method);
    return send(message);
  };
  const pid = transport.pid;
  if (pid === null) throw new Error('the app did not start');
  /** Lets the app's code load. */
  const release = async () => {
    await vi.waitFor(() => expect(stderr).toContain('gated: waiting'), { timeout: 10_000 });
    process.kill(pid, 'SIGUSR2');
  };
  /** Resolves once the server has read every request written so far (a ping answered after them). */
  const received = async (method: string) => {
    await vi.waitFor(() => expect(sent).toContain(method), { timeout: 10_000 });
    await client.ping();
  };
  return { client, protocolErrors, release, received, stderr: () => stderr, closed: () => closed };
}

const text = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('startMcp over stdio', () => {
  it('answers initialize and tools/list before the app loads, serves the app once it has, and ends with it', async () => {
    const app = await start();
    try {
      // Connected: `initialize` was answered, and the app's code has not been loaded.
      expect(app.client.getServerVersion()).toEqual({ name: 'gated-app', version: '9.9.9' });
      // The stable surface's list does not depend on the app: answered without it too
      // (test/launcher/early-tools.test.ts compares it with the server's own).
      const names = (await app.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['gated_keyboard_press', 'gated_act']));
      expect(app.stderr()).not.toContain('counter: loaded');
      // A call needs the app: it waits for it.
      const call = app.client.callTool({
        name: 'gated_act',
        arguments: { widget: 'counter', action: 'inc', args: '{}' },
      });
      await app.release();
      const result = (await call) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(text(result)).toContain('Count: 1');
      // What the app's code wrote to stdout went to stderr.
      expect(app.stderr()).toContain('counter: loaded');
      expect(app.stderr()).toContain('counter: count is 1');
      expect(app.protocolErrors).toEqual([]);
      // The app quitting ends the process: stdin, read before the app loaded, no longer holds it.
      await app.client.callTool({
        name: 'gated_act',
        arguments: { widget: 'counter', action: 'quit', args: '{}' },
      });
      await vi.waitFor(() => expect(app.closed()).toBe(true), { timeout: 10_000 });
      expect(app.stderr()).toContain('gated: exited');
    } finally {
      await app.client.close();
    }
  });

  it('a 2026-07-28 client: server/discover and tools/list answered before the app loads, the call once it has', {
    timeout: 60_000,
  }, async () => {
    const app = await start([], 'modern');
    try {
      // Connected: `server/discover` was answered (there is no initialize), the app not loaded.
      expect(app.client.getServerVersion()).toEqual({ name: 'gated-app', version: '9.9.9' });
      const names = (await app.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['gated_keyboard_press', 'gated_act']));
      expect(app.stderr()).not.toContain('counter: loaded');
      const call = app.client.callTool({
        name: 'gated_act',
        arguments: { widget: 'counter', action: 'inc', args: '{}' },
      });
      await app.release();
      expect(text((await call) as CallToolResult)).toContain('Count: 1');
      expect(app.protocolErrors).toEqual([]);
    } finally {
      await app.client.close();
    }
  });

  it('no tools list_changed for a list that did not change: a failing first call before any listing', {
    timeout: 60_000,
  }, async () => {
    const app = await start();
    try {
      let notices = 0;
      app.client.setNotificationHandler('notifications/tools/list_changed', () => {
        notices++;
      });
      const call = app.client.callTool({
        name: 'gated_act',
        arguments: { widget: 'nothing', action: 'inc', args: '{}' },
      });
      await app.release();
      expect(((await call) as CallToolResult).isError).toBe(true);
      // Anything the server sent before this ping's answer has been handled by now.
      await app.client.ping();
      expect(notices).toBe(0);
      // The list the client gets now is the one it would have got at the start.
      const names = (await app.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['gated_keyboard_press', 'gated_act']));
      await app.client.ping();
      expect(notices).toBe(0);
    } finally {
      await app.client.close();
    }
  });

  it('answers the requests that waited for an app that failed to load with the reason', async () => {
    const app = await start(['--fail']);
    try {
      const call = app.client.callTool({ name: 'gated_screen_read', arguments: { offset: null } });
      // The call must wait for the app, not arrive after it failed (then the process is gone).
      await app.received('tools/call');
      await app.release();
      await expect(call).rejects.toThrow(/the app could not be started: the app module is broken/);
      await vi.waitFor(() => expect(app.closed()).toBe(true), { timeout: 10_000 });
      expect(app.stderr()).toContain('gated: the app module is broken');
    } finally {
      await app.client.close();
    }
  });

  it('ends when the client goes away before the app has loaded', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', gated], {
      cwd: repo,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT })}\n`);
    try {
      // Answered, and its input is gone: once loaded, the (ticking) app stops at once rather than
      // run unserved.
      await vi.waitFor(() => expect(stdout).toContain('"gated-app"'), { timeout: 10_000 });
      await vi.waitFor(() => expect(stderr).toContain('gated: waiting'), { timeout: 10_000 });
      child.kill('SIGUSR2');
      expect(await exited).toBe(0);
      expect(stderr).toContain('gated: exited');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
