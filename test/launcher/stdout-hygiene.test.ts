import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

/** A stdio MCP server spoken to line by line, with every byte of its stdout kept. */
function rawServer(args: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ id: number; resolve: (m: Record<string, unknown>) => void }> = [];
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    for (const line of stdout.split('\n').slice(0, -1)) {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      const i = waiters.findIndex((w) => w.id === message.id);
      if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message);
    }
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  let next = 1;
  const request = (method: string, params: Record<string, unknown> = {}) => {
    const id = next++;
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return new Promise<Record<string, unknown>>((resolve) => waiters.push({ id, resolve }));
  };
  const notify = (method: string) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, request, notify, exit, stdout: () => stdout, stderr: () => stderr };
}

const INIT = {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
};

/** Every line the server wrote to stdout is a JSON-RPC message. */
/**
 * Resolves once the server's stderr shows `text` (or fails after 20 s): the app's writes reach the
 * pipe on their own schedule, not before the answer of the call that caused them.
 */
async function stderrShows(server: { stderr(): string }, text: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!server.stderr().includes(text) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(server.stderr()).toContain(text);
}

function expectOnlyProtocol(stdout: string) {
  const lines = stdout.split('\n').filter((l) => l !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
}

describe('stdout carries only protocol messages, whatever the app writes', () => {
  it("launcher: the app's console.log and its own escape codes go to stderr; calls work", async () => {
    // The widgets surface lists the app's widget by name, which this test then calls.
    const server = rawServer([built.bin, '--surface', 'widgets', '--', 'node', app('noisy.js')]);
    try {
      await server.request('initialize', INIT);
      server.notify('notifications/initialized');
      const listed = (await server.request('tools/list')) as { result: { tools: { name: string }[] } };
      // Listed dotted or portable (app_choice_select), by the server's name style; called by the canonical name.
      expect(listed.result.tools.map((t) => t.name)).toContainEqual(
        expect.stringMatching(/^app[._]choice[._]select$/),
      );
      const called = (await server.request('tools/call', {
        name: 'app.choice.select',
        arguments: { index: 1 },
      })) as { result: { content: { text: string }[] } };
      expect(called.result.content.map((c) => c.text).join('\n')).toContain('picked: coffee');
      expectOnlyProtocol(server.stdout());
      expect(server.stdout()).not.toContain('\u001B');
      expect(server.stderr()).toContain('noisy: starting');
      expect(server.stderr()).toContain('noisy: a line through useStderr');
      await stderrShows(server, 'noisy: rendering with coffee');
      expect(server.stderr()).toContain('\u001B[?1049h');
    } finally {
      server.child.stdin.end();
      await server.exit;
    }
  });

  it('preload without the launcher (node --import ink-mcp/register): the same, on its own stdio', async () => {
    const server = rawServer(['--import', built.register, app('noisy.js')]);
    try {
      await server.request('initialize', INIT);
      server.notify('notifications/initialized');
      const called = (await server.request('tools/call', {
        name: 'app.choice.select',
        arguments: { index: 0 },
      })) as { result: { content: { text: string }[] } };
      expect(called.result.content.map((c) => c.text).join('\n')).toContain('picked: tea');
      expectOnlyProtocol(server.stdout());
      await stderrShows(server, 'noisy: rendering with tea');
      expect(server.stderr()).toContain('noisy: a line through useStderr');
      expect(server.stderr()).toContain('\u001B[?1049h');
    } finally {
      server.child.stdin.end();
      expect(await server.exit).toBe(0);
    }
  });
});
