// Issue #31, item 5, through the launcher: INK_MCP_SCREENSHOTS=1 lists a tool ending in
// `screenshot`, whose answer has an image/png part of the terminal's size.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENV, readConfig } from '../../src/launcher/config.js';
import { parseArgs } from '../../src/launcher/parse-args.js';
import { CELL } from '../../src/screen/screen-svg.js';
import { screenshotsFromEnv, screenshotsOnByEnv } from '../../src/util/screenshots-env.js';
import { colours, decodePng } from '../helpers/png.js';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

/** Starting Node, the launcher and the app: generous on a busy machine. */
const PROCESS_TEST_MS = 60_000;

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
}, PROCESS_TEST_MS);
afterAll(() => built?.remove());

/** `ink-mcp [flags] -- node <app>` as an MCP client starts it, with `env` over the SDK's default environment. */
async function start(flags: string[], env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [built.bin, ...flags, '--', 'node', app('counter.js')],
    cwd: repoRoot,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'screenshots-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('the launcher with screenshots', { timeout: PROCESS_TEST_MS }, () => {
  it('INK_MCP_SCREENSHOTS=1: tools/list has app_screen_screenshot, whose answer is a PNG of the terminal with the app’s colours', async () => {
    const client = await start(['--columns', '40', '--rows', '5'], { [ENV.screenshots]: '1' });
    try {
      // Answered before the app has loaded (the early list), and the same once it has.
      const early = (await client.listTools()).tools.map((t) => t.name);
      expect(early.filter((name) => name.endsWith('screenshot'))).toEqual(['app_screen_screenshot']);
      // The counter shows green text ("N tests passed") once it has rendered.
      await vi.waitFor(
        async () => {
          const read = (await client.callTool({ name: 'app_screen_read', arguments: {} })) as CallToolResult;
          expect(read.content.map((c) => (c.type === 'text' ? c.text : '')).join('')).toContain(
            'tests passed',
          );
        },
        { timeout: 20_000, interval: 50 },
      );
      const result = (await client.callTool({
        name: 'app_screen_screenshot',
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const image = result.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
      expect(image.mimeType).toBe('image/png');
      const png = decodePng(Buffer.from(image.data, 'base64'));
      expect([png.width, png.height]).toEqual([40 * CELL.cellWidth, 5 * CELL.cellHeight]);
      expect(colours(png, 0, 0, png.width, CELL.cellHeight).has('#00cd00')).toBe(true);
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(text).toContain('tests passed');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(early);
    } finally {
      await client.close();
    }
  });

  it('without it (or with 0) no tool ends in screenshot', async () => {
    const client = await start([], { [ENV.screenshots]: '0' });
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('app_screen_read');
      expect(names.filter((name) => name.endsWith('screenshot'))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('the screenshots option of the launcher and the preload', () => {
  it('INK_MCP_SCREENSHOTS is read the same way everywhere: 1 on; 0, empty or unset off; anything else invalid (off where nothing can refuse)', () => {
    expect(screenshotsFromEnv({})).toEqual({ ok: true, on: false });
    expect(screenshotsFromEnv({ INK_MCP_SCREENSHOTS: '' })).toEqual({ ok: true, on: false });
    expect(screenshotsFromEnv({ INK_MCP_SCREENSHOTS: '0' })).toEqual({ ok: true, on: false });
    expect(screenshotsFromEnv({ INK_MCP_SCREENSHOTS: '1' })).toEqual({ ok: true, on: true });
    expect(screenshotsFromEnv({ INK_MCP_SCREENSHOTS: 'true' })).toEqual({ ok: false, value: 'true' });
    expect(screenshotsOnByEnv({ INK_MCP_SCREENSHOTS: 'true' })).toBe(false);
    expect(screenshotsOnByEnv({ INK_MCP_SCREENSHOTS: '1' })).toBe(true);
  });

  it('--screenshots sets INK_MCP_SCREENSHOTS=1; the variable is read as 0 or 1, anything else refused', () => {
    expect(parseArgs(['--screenshots', '--', 'node', 'a.js'])).toEqual({
      kind: 'run',
      attach: false,
      command: ['node', 'a.js'],
      env: { INK_MCP_SCREENSHOTS: '1', INK_MCP_MODE: 'stdio' },
    });
    expect(readConfig({})).toMatchObject({ ok: true, config: { screenshots: false } });
    expect(readConfig({ INK_MCP_SCREENSHOTS: '1' })).toMatchObject({
      ok: true,
      config: { screenshots: true },
    });
    expect(readConfig({ INK_MCP_SCREENSHOTS: '0' })).toMatchObject({
      ok: true,
      config: { screenshots: false },
    });
    expect(readConfig({ INK_MCP_SCREENSHOTS: 'yes' })).toEqual({
      ok: false,
      message: 'ink-mcp: the app is not served: INK_MCP_SCREENSHOTS must be 0 or 1, not "yes".',
    });
  });
});
