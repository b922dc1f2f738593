import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCast } from '../../src/util/asciicast.js';
import { parseRecording } from '../../src/util/recording.js';
import { decodePng } from '../helpers/png.js';
import { type HeadlessTodo, inkMcpBin, startHeadlessTodo, text, until, watchFiles } from './headless-todo.js';

/**
 * `ink-mcp watch --web` and `ink-mcp show` in a real headless browser (Debian's Chromium driven by
 * playwright-core), beside the todo app an agent (the MCP SDK client, no elicitation) drives over
 * stdio. One browser for the file. What is checked is what a person sees: the DOM and the pixels
 * of screenshots.
 */
const CHROMIUM = '/usr/bin/chromium';
const run = promisify(execFile);
const hasChromium = existsSync(CHROMIUM);

let browser: Browser;
let app: HeadlessTodo;
let web: ChildProcess;
let url: string;
let page: Page;
const work = mkdtempSync(join(tmpdir(), 'imw-web-'));
const recording = join(work, 'session.jsonl');

beforeAll(async () => {
  if (!hasChromium) return;
  const launched = chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  app = await startHeadlessTodo({ INK_MCP_RECORD: recording });
  await app.act('todos', 'add_item', { text: 'Buy oat milk' });
  await until(() => watchFiles(app.folder)[0], 'the watch file');
  web = spawn(process.execPath, ['--import', 'tsx', inkMcpBin, 'watch', '--web', 'todo'], {
    env: app.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  web.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  url = await until(
    () => /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1],
    'the page address',
    60_000,
  );
  browser = await launched;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
}, 120_000);

afterAll(async () => {
  web?.kill();
  await browser?.close();
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

const status = () => page.locator('#status').textContent();
const screenText = () => page.locator('#screen').textContent();

describe.skipIf(!hasChromium)('ink-mcp watch --web', { timeout: 90_000 }, () => {
  it('shows the live screen with its colours, and each call as it happens', async () => {
    await page.waitForFunction(() =>
      document.querySelector('#screen')?.textContent?.includes('Buy oat milk'),
    );
    const added = await app.act('todos', 'add_item', { text: 'Write the README' });
    expect(added.isError).toBeFalsy();
    await page.waitForFunction(() =>
      document.querySelector('#screen')?.textContent?.includes('Write the README'),
    );
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#calls li')].some((li) =>
        /todo\.todos\.add_item \{"text":"Write the README"\} → /.test(li.textContent ?? ''),
      ),
    );
    // The screen's pixels: the terminal's dark background, light text, and the app's colours.
    const png = decodePng(await page.locator('#screen pre').screenshot());
    const counts = colourCounts(png);
    expect(counts.background / counts.total).toBeGreaterThan(0.5);
    expect(counts.light).toBeGreaterThan(200);
    // The input box's cursor is drawn inverse: a light block of its own, not only thin glyphs.
    expect(await page.locator('#screen span[style*="background:#e5e5e5"]').count()).toBeGreaterThan(0);
  });

  it('approves a delete the client could not, with the Approve button', async () => {
    const deleting = app.act('todos', 'delete_item', { index: 0 });
    await page.locator('#question.armed').waitFor();
    // README's picture of the page (docs/watch-page.png) is taken here, with a question open.
    const shot = process.env.INK_MCP_WATCH_SCREENSHOT;
    if (shot) writeFileSync(shot, await page.screenshot({ fullPage: true }));
    expect(await page.locator('#question-text').textContent()).toContain(
      'todo.todos.delete_item in the app "todo" with {"index":0}',
    );
    await page.locator('#approve').click();
    const result = await deleting;
    expect(result.isError, text(result)).toBeFalsy();
    await page.waitForFunction(
      () => !document.querySelector('#screen')?.textContent?.includes('Buy oat milk'),
    );
    await page.waitForFunction(() =>
      document.querySelector('#calls')?.textContent?.includes('[approved by the person watching]'),
    );
  });

  it('pauses the agent and resumes it', async () => {
    await page.locator('#pause').click();
    await page.waitForFunction(() =>
      document.querySelector('#status')?.textContent?.includes('AGENT PAUSED'),
    );
    let done = false;
    const held = app.act('todos', 'add_item', { text: 'While paused' }).finally(() => {
      done = true;
    });
    await page.waitForFunction(() =>
      document.querySelector('#calls')?.textContent?.includes('While paused"} … running'),
    );
    expect(done).toBe(false);
    await page.locator('#pause').click();
    expect((await held).isError).toBeFalsy();
    await page.waitForFunction(() =>
      document.querySelector('#screen')?.textContent?.includes('While paused'),
    );
  });

  it('takes over the keyboard: agent calls refused, keys typed in the page reach the app, then hands back', async () => {
    await page.locator('#take').click();
    await page.waitForFunction(() =>
      document.querySelector('#status')?.textContent?.includes('you are typing'),
    );
    const refused = await app.act('todos', 'add_item', { text: 'Agent meanwhile' });
    expect(text(refused)).toMatch(/the person is typing/);
    await page.keyboard.type('Typed in the page');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('#screen')?.textContent?.includes('[ ] Typed in the page'),
    );
    await page.locator('#take').click();
    await page.waitForFunction(() => !document.querySelector('#status')?.textContent?.includes('typing'));
    expect(await status()).toContain('agent running');
    expect((await app.act('todos', 'add_item', { text: 'Agent again' })).isError).toBeFalsy();
    expect(await screenText()).not.toContain('Agent meanwhile');
  });

  it('refuses another token, a foreign Origin and a foreign Host', async () => {
    const { port, search } = new URL(url);
    const good = search.slice('?token='.length);
    expect((await get(port, '/?token=wrong')).status).toBe(401);
    expect((await get(port, `/?token=${good}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(port, `/?token=${good}`, { host: `evil.example:${port}` })).status).toBe(403);
    const posted = await get(
      port,
      `/command?token=${good}`,
      { origin: 'http://evil.example' },
      'POST',
      '{"type":"pause"}',
    );
    expect(posted.status).toBe(403);
    // A page of another origin cannot read the page either (no CORS header, and 403 anyway).
    expect(posted.headers['access-control-allow-origin']).toBeUndefined();
    expect(await status()).not.toContain('PAUSED');
    expect((await get(port, `/?token=${good}`)).status).toBe(200);
  });

  it('ink-mcp show renders the recorded session; --out writes one file that opens offline', async () => {
    await app.client.close();
    await app.stopped();
    const read = parseRecording(readFileSync(recording, 'utf8'));
    if (!read.ok) throw new Error(read.message);
    const calls = read.recording.calls;
    expect(calls.length).toBeGreaterThanOrEqual(6);
    // The asciicast carries a marker per call.
    const cast = parseCast(readFileSync(`${recording}.cast`, 'utf8'));
    if (!cast.ok) throw new Error(cast.message);
    const markers = cast.events.filter((e) => e[1] === 'm').map((e) => e[2]);
    expect(markers).toHaveLength(calls.length);
    expect(markers[0]).toBe('#1 todo_act todos.add_item');

    const out = join(work, 'report.html');
    const shown = await run(process.execPath, [
      '--import',
      'tsx',
      inkMcpBin,
      'show',
      recording,
      '--out',
      out,
    ]);
    expect(shown.stdout).toContain(`wrote ${out} (${calls.length} calls`);
    const offline = await browser.newPage();
    const requests: string[] = [];
    offline.on('request', (r) => requests.push(r.url()));
    await offline.goto(pathToFileURL(out).href);
    await offline
      .locator('#calls li')
      .nth(calls.length - 1)
      .waitFor();
    expect(await offline.locator('#calls li').count()).toBe(calls.length);
    // Each call shows the screen after it: the second add shows both items, the delete one fewer.
    await offline.locator('#calls li', { hasText: '"Write the README"' }).first().click();
    expect(await offline.locator('#screen').textContent()).toContain('Write the README');
    expect(await offline.locator('#screen').textContent()).toContain('Buy oat milk');
    await offline.locator('#calls li', { hasText: '"action":"delete_item"' }).click();
    expect(await offline.locator('#detail-tool').textContent()).toContain(
      '[approved by the person watching]',
    );
    expect(await offline.locator('#screen').textContent()).not.toContain('Buy oat milk');
    const png = decodePng(await offline.locator('#screen pre').screenshot());
    expect(colourCounts(png).background / colourCounts(png).total).toBeGreaterThan(0.5);
    // Nothing but the file itself was requested.
    expect(requests).toEqual([pathToFileURL(out).href]);
    await offline.close();
  });
});

/** Pixels of the terminal background (#1e1e1e), light ones (text), of all. */
function colourCounts(png: { width: number; height: number; rgba: Uint8Array }) {
  let background = 0;
  let light = 0;
  const total = png.width * png.height;
  for (let i = 0; i < total; i++) {
    const [r, g, b] = [
      png.rgba[i * 4] as number,
      png.rgba[i * 4 + 1] as number,
      png.rgba[i * 4 + 2] as number,
    ];
    if (Math.abs(r - 30) < 4 && Math.abs(g - 30) < 4 && Math.abs(b - 30) < 4) background++;
    else if (r > 180 && g > 180 && b > 180) light++;
  }
  return { background, light, total };
}

function get(
  port: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        path,
        method,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
