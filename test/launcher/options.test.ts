import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, readConfig } from '../../src/launcher/config.js';
import { parseArgs } from '../../src/launcher/parse-args.js';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app, launch } from './launch.js';

describe('the surface and answer layout options', () => {
  it('read from the environment, with the defaults of createMcpServer, and bad values named', () => {
    expect(readConfig({})).toMatchObject({ ok: true, config: { surface: 'stable', answerBlocks: 'one' } });
    expect(readConfig({ [ENV.surface]: 'widgets', [ENV.answerBlocks]: 'many' })).toMatchObject({
      ok: true,
      config: { surface: 'widgets', answerBlocks: 'many' },
    });
    expect(readConfig({ [ENV.surface]: 'Widgets', [ENV.answerBlocks]: '2' })).toEqual({
      ok: false,
      message:
        'ink-mcp: the app is not served: INK_MCP_SURFACE must be "stable" or "widgets", not "Widgets"; ' +
        'INK_MCP_ANSWER_BLOCKS must be "one" or "many", not "2".',
    });
  });

  it('set by the launcher’s flags', () => {
    expect(parseArgs(['--surface', 'widgets', '--answer-blocks=many', '--', 'node', 'a.js'])).toEqual({
      kind: 'run',
      attach: false,
      command: ['node', 'a.js'],
      env: { INK_MCP_SURFACE: 'widgets', INK_MCP_ANSWER_BLOCKS: 'many', INK_MCP_MODE: 'stdio' },
    });
    expect(parseArgs(['--surface'])).toEqual({ kind: 'error', message: 'ink-mcp: --surface needs a value.' });
  });
});

describe('the options reach the app’s server', () => {
  let built: BuiltPackage;
  beforeAll(async () => {
    built = await buildPackage();
  }, 60_000);
  afterAll(() => built?.remove());

  it('--answer-blocks many: an answer in several blocks; one by default', async () => {
    for (const [flags, many] of [
      [[], false],
      [['--answer-blocks', 'many'], true],
    ] as const) {
      const run = await launch(built.bin, [...flags], ['node', app('chat.js')]);
      try {
        const read = await run.call('app.screen.read', { offset: null });
        expect(read.isError, read.text).toBeFalsy();
        expect(read.text).toContain('Enter your message');
        if (many) expect(read.content.length).toBeGreaterThan(1);
        else expect(read.content).toHaveLength(1);
      } finally {
        await run.close();
      }
    }
  }, 60_000);

  it('INK_MCP_SURFACE=widgets for the preload alone: the app’s widgets are listed, and no act tool', async () => {
    const child = spawn(process.execPath, ['--import', built.register, app('noisy.js')], {
      cwd: repoRoot,
      env: { ...process.env, [ENV.surface]: 'widgets' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    const answer = (id: number) =>
      new Promise<{ result: { tools: { name: string }[] } }>((resolve) => {
        const look = () => {
          const found = stdout
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => JSON.parse(l))
            .find((m) => m.id === id);
          if (found) {
            child.stdout.off('data', look);
            resolve(found);
          }
        };
        child.stdout.on('data', look);
        look();
      });
    const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
    try {
      send({
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list' });
      const names = (await answer(2)).result.tools.map((t) => t.name);
      expect(names).toContain('app_choice_select');
      expect(names).not.toContain('app_act');
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 60_000);
});
