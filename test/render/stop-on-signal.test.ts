import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { app } from '../launcher/launch.js';
import { type StdioChild, startStdioChild } from './stdio-child.js';

/** Resolves once `check()` holds, polling; rejects after `ms` (a bound, not a wait). */
async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The slow app, its trace directory, and a call of `slow.job.wait` that has started running. */
async function slowAppRunningACall() {
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-signal-'));
  const server = await startStdioChild(['--import', 'tsx', app('render-mcp-slow.tsx')], {
    env: { ...process.env, INK_MCP_TEST_DIR: dir },
  });
  const running = server.call('slow.job.wait').catch((error: Error) => error);
  await until(() => existsSync(join(dir, 'started')));
  // Queued behind it in the session, and read by the server (it answers a ping only after).
  const queued = server.call('slow.job.mark').catch((error: Error) => error);
  await server.client.ping();
  return { dir, server, running, queued };
}

async function cleanUp(server: StdioChild, dir: string) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}

describe('a renderMcp stdio server stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: the running call is answered, the queued one is not run, and the process exits 0 within 5 s',
    async (signal) => {
      const { dir, server, running, queued } = await slowAppRunningACall();
      try {
        const signalled = Date.now();
        server.child.kill(signal);
        // The call finishes during the grace, once the server is stopping.
        await server.stderrHas('ink-mcp: stopping on a signal');
        writeFileSync(join(dir, 'release'), '');
        const answered = await running;
        expect(answered).toMatchObject({ text: expect.stringContaining('waited') });
        expect(answered).not.toHaveProperty('isError', true);
        const notRun = await queued;
        expect(notRun).toMatchObject({
          isError: true,
          text: expect.stringContaining('the server is shutting down and accepts no more calls'),
        });
        expect(await server.exited).toEqual({ code: 0, signal: null });
        expect(Date.now() - signalled).toBeLessThan(5_000);
        expect(existsSync(join(dir, 'marked'))).toBe(false);
        expect(server.garbage()).toEqual([]);
      } finally {
        await cleanUp(server, dir);
      }
    },
    60_000,
  );

  it('SIGTERM: a running call that does not finish in the grace is answered with an error; exit 0 within 5 s', async () => {
    const { dir, server, running, queued } = await slowAppRunningACall();
    try {
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const answered = await running;
      expect(answered).toMatchObject({ isError: true });
      expect((answered as { text: string }).text).toMatch(/^ink-mcp: /);
      expect(await queued).toMatchObject({ isError: true });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(existsSync(join(dir, 'marked'))).toBe(false);
    } finally {
      await cleanUp(server, dir);
    }
  }, 60_000);

  it('an app that listens for SIGTERM itself keeps it: it is not stopped, and serves on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-signal-'));
    const server = await startStdioChild(['--import', 'tsx', app('render-mcp-slow.tsx')], {
      env: { ...process.env, INK_MCP_TEST_DIR: dir, INK_MCP_TEST_OWN_SIGTERM: '1' },
    });
    try {
      server.child.kill('SIGTERM');
      await until(() => existsSync(join(dir, 'heard')));
      expect((await server.call('slow.job.mark')).text).toContain('marked');
      expect(existsSync(join(dir, 'marked'))).toBe(true);
      expect(server.stderr()).not.toContain('ink-mcp: stopping on a signal');
      await server.close();
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      await cleanUp(server, dir);
    }
  }, 60_000);
});
