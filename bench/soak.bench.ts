/**
 * M3: resident memory of a stdio server over 20,000 calls — the todo example (`--stdio`) as an agent
 * drives it, started by the SDK's stdio client with NODE_ENV=production. RSS (the server process's
 * VmRSS) after 1,000 calls (start, once warm), 10,000 (mid) and 20,000 (end); `M3` = end ÷ start
 * (goal ≤ 1.25: flat, within what the garbage collector's rhythm moves RSS). The calls cycle through toggle, select_tab and list on three items, so the
 * app's own state stays the same size.
 *
 *   node --import tsx bench/soak.bench.ts [--quick]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { figure, note, quick } from './stats.js';
import { answerText, callOk, todoCalls } from './todo-session.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const CALLS = quick ? 200 : 20_000;
const marks = new Map([
  [quick ? 50 : 1000, 'start'],
  [CALLS / 2, 'mid'],
  [CALLS, 'end'],
]);

const transport = new StdioClientTransport({
  command: process.execPath,
  args: ['--import', 'tsx', 'examples/todo/index.tsx', '--stdio'],
  cwd: repo,
  env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
  stderr: 'ignore',
});
const client = new Client({ name: 'soak', version: '1' });
await client.connect(transport);
const pid = transport.pid;
if (pid === null) throw new Error('the server has no pid');
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

// Whatever surface the example lists (the stable one's `act`, or a tool per widget action).
const calls = todoCalls((await client.listTools()).tools);
for (const text of ['alpha', 'beta', 'gamma'])
  await callOk(client, calls.action('todos', 'add_item', { text }));
const cycle = [
  calls.action('todos', 'toggle', { index: 1 }),
  calls.action('filter', 'select_tab', { label: 'done' }),
  calls.action('todos', 'list'),
  calls.action('filter', 'select_tab', { label: 'all' }),
];
const rss = new Map<string, number>();
const started = performance.now();
for (let i = 1; i <= CALLS; i++) {
  const call = cycle[i % cycle.length]!;
  const result = await client.callTool(call);
  if (result.isError) throw new Error(`call ${i} (${call.name}) failed: ${answerText(result.content)}`);
  const mark = marks.get(i);
  if (mark) rss.set(mark, rssMb());
}
const seconds = (performance.now() - started) / 1000;
await client.close();
const mb = (key: string) => `${rss.get(key)!.toFixed(0)} MB`;
note(
  `${CALLS} calls in ${seconds.toFixed(0)} s; server RSS ${mb('start')} after ${[...marks.keys()][0]} calls, ${mb('mid')} at ${CALLS / 2}, ${mb('end')} at ${CALLS}`,
);
figure('M3', rss.get('end')! / rss.get('start')!, 2);
process.exit(0);
