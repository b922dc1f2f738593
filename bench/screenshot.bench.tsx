/**
 * S2 (context, no target): one `screen.screenshot` of the todo example in a 100 × 30 terminal, call to
 * answer, in ms (a real SDK client in memory, `renderHeadless`), after the rasterizer has loaded.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/screenshot.bench.tsx [--quick]
 *
 * `S2.svg` (context) is the SVG drawn from the screen's cells alone, `S2.png` the rasterizer alone
 * (@resvg/resvg-js with the DejaVu Sans Mono files, on libuv's thread pool) on that SVG, wall time,
 * and `S2.png.cpu` the CPU time it takes (all threads: less sensitive to a busy machine), `S2.bytes`
 * the PNG's size, `S2.first` the first call (which loads the rasterizer and reads the font files).
 * Every answer is checked: a PNG of 900 × 540 px with the item on its text screen.
 */

import { performance } from 'node:perf_hooks';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { App } from '../examples/todo/App.js';
import { loadResvg } from '../src/screen/png-rasterizer.js';
import { screenSvg } from '../src/screen/screen-svg.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { silentLogger } from './fixtures/apps.js';
import { figure, median, note, quick, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

const CALLS = quick ? 3 : 40;
const ITEMS = ['Buy oat milk', 'Call the bank', 'Water the plants', 'Book the dentist', 'Pay rent'];

const app = await renderHeadless(<App initial={ITEMS.map((text, i) => ({ text, done: i % 2 === 1 }))} />, {
  session: 'todo',
  screenshots: true,
  columns: 100,
  rows: 30,
  logger: silentLogger,
});

async function shoot(): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const result = (await app.client.callTool({
    name: 'todo_screen_screenshot',
    arguments: {},
  })) as CallToolResult;
  const ms = performance.now() - started;
  const image = result.content.find((c) => c.type === 'image');
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (result.isError || image?.type !== 'image' || !text.includes('Water the plants'))
    throw new Error(`not a screenshot of the todo list:\n${text}`);
  const png = Buffer.from(image.data, 'base64');
  if (png.readUInt32BE(16) !== 900 || png.readUInt32BE(20) !== 540) throw new Error('not 900 × 540 px');
  return { ms, bytes: png.length };
}

try {
  const first = await shoot();
  const calls: number[] = [];
  let bytes = 0;
  for (let i = 0; i < CALLS; i++) {
    const shot = await shoot();
    calls.push(shot.ms);
    bytes = shot.bytes;
  }
  // The two halves alone, on the screen as the session gives it to a picture.
  const picture = app.server.hub.session('todo')?.screenPicture();
  if (picture === undefined) throw new Error('the session has no screen');
  const svgs: number[] = [];
  let svg = '';
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    svg = screenSvg(picture.lines, picture.size).svg;
    svgs.push(performance.now() - started);
  }
  const rasterize = await loadResvg();
  const pngs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await rasterize(svg);
    const { user, system } = process.cpuUsage(used);
    pngs.push(performance.now() - started);
    cpu.push((user + system) / 1000);
  }
  figure('S2', median(calls), 1);
  figure('S2.first', first.ms, 1);
  figure('S2.svg', median(svgs), 2);
  figure('S2.png', median(pngs), 1);
  figure('S2.png.cpu', median(cpu), 1);
  figure('S2.bytes', bytes, 0);
  note(
    `${CALLS} calls after the first; the todo example with ${ITEMS.length} items, 100 × 30 cells, 900 × 540 px`,
  );
} finally {
  await app.unmount();
}
