import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

/** The launcher started as an MCP client starts a stdio server, with the client's exit code and stderr. */
function start(command: string[], env: Record<string, string> = {}, flags: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [built.bin, ...flags, '--', ...command],
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'refusals-test', version: '1.0.0' });
  return { client, transport, stderr: () => stderr };
}

/** Runs the launcher with no client at all: its exit code and stderr. */
function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [built.bin, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('every refusal a sentence (launcher)', () => {
  it('a command that does not exist: initialize is answered, then each request with why, and the launcher exits 127', async () => {
    const { client, transport, stderr } = start(['no-such-cmd-ink-mcp']);
    // Connecting is the initialize exchange: it is answered, not met with a closed pipe.
    await client.connect(transport);
    const listed = await client.listTools().then(
      () => 'listed',
      (error: Error) => error.message,
    );
    expect(listed).toMatch(/could not start "no-such-cmd-ink-mcp": spawn no-such-cmd-ink-mcp ENOENT/);
    expect(listed).toMatch(/is it installed, and on PATH\?/);
    await client.close();
    expect(stderr()).toContain('could not start "no-such-cmd-ink-mcp"');
  });

  it('--terminal with a command that does not exist: initialize is answered, then each request with why', async () => {
    const { client, transport } = start(['no-such-cmd-ink-mcp'], {}, ['--terminal']);
    await client.connect(transport);
    try {
      const called = await client.callTool({ name: 'app.screen.read', arguments: {} }).then(
        (answer) => JSON.stringify(answer),
        (error: Error) => error.message,
      );
      expect(called).toBe(
        'ink-mcp: could not start "no-such-cmd-ink-mcp": there is no such file on PATH. Check the command after -- (is it installed, and on PATH?).',
      );
    } finally {
      await client.close();
    }
  });

  it('the exit code of a launcher whose command does not exist is 127, after the client heard why', async () => {
    const child = spawn(process.execPath, [built.bin, '--', 'no-such-cmd-ink-mcp'], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const code = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'app.screen.read', arguments: {} } });
    expect(await code).toBe(127);
    const answers = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; result?: unknown; error?: { message: string } });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[0]?.result).toBeDefined();
    expect(answers[1]?.error?.message).toContain('could not start "no-such-cmd-ink-mcp"');
  });

  it('an app that exits at once (code 3): the answer says its exit code and quotes its last output', async () => {
    const { client, transport } = start(['node', app('exit-at-once.js')]);
    await client.connect(transport);
    try {
      const refused = await client.callTool({ name: 'app.screen.read', arguments: {} }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/the app exited \(exit code 3\) before it answered this request/);
      expect(refused).toContain('boom: config file missing');
    } finally {
      await client.close();
    }
  });

  it('a size from the environment is checked as the flag is: exit 2 with a sentence, the app never started', async () => {
    const marker = mkdtempSync(join(tmpdir(), 'ink-mcp-size-'));
    try {
      const started = join(marker, 'started');
      const result = await run(
        ['--', 'node', '-e', `require('fs').writeFileSync(${JSON.stringify(started)}, '')`],
        {
          INK_MCP_COLUMNS: '100000',
        },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'ink-mcp: the app is not served: INK_MCP_COLUMNS must be an integer from 10 to 1000, not 100000.\n',
      );
      expect(existsSync(started)).toBe(false);
      const rows = await run(['--', 'node', '-e', '0'], { INK_MCP_ROWS: 'NaN' });
      expect(rows.code).toBe(2);
      expect(rows.stderr).toContain('INK_MCP_ROWS must be an integer from 3 to 1000, not "NaN"');
    } finally {
      rmSync(marker, { recursive: true, force: true });
    }
  });

  it('--record with a program that runs in a pseudo-terminal is refused, saying why, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-record-pty-'));
    try {
      const file = join(dir, 'rec.jsonl');
      const result = await run(['--record', file, '--', 'sh', app('shell-echo.sh')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^ink-mcp: cannot record "sh": it runs in a pseudo-terminal/);
      expect(result.stderr).toContain('a terminal session is not recorded');
      expect(existsSync(file)).toBe(false);
      // The same from the environment, and with --terminal for a Node program.
      const byEnv = await run(['--terminal', '--', 'node', app('counter.js')], { INK_MCP_RECORD: file });
      expect(byEnv.code).toBe(2);
      expect(byEnv.stderr).toMatch(/--terminal asked for one/);
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const variant of ['frozen', 'getter'] as const) {
    it(`a hostile React DevTools hook set before the preload (${variant}): the app is served without the hook route, saying so`, async () => {
      const { client, transport, stderr } = start(['node', app('counter.js')], {
        NODE_OPTIONS: `--import=${pathToFileURL(app('hostile-hook.mjs')).href}`,
        HOSTILE_HOOK: variant,
      });
      await client.connect(transport);
      try {
        const read = (await client.callTool({ name: 'app.screen.read', arguments: {} })) as {
          isError?: boolean;
          content: { type: string; text?: string }[];
        };
        expect(read.isError, JSON.stringify(read)).toBeFalsy();
        expect(read.content.map((c) => c.text ?? '').join('\n')).toMatch(/\d+ tests passed/);
        expect(stderr()).toContain(
          "ink-mcp: React's DevTools hook (__REACT_DEVTOOLS_GLOBAL_HOOK__), set before ink-mcp's preload, cannot be watched",
        );
      } finally {
        await client.close();
      }
    });
  }
});
