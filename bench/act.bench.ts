/**
 * ACT: what a widget action costs through the stable surface's `act` tool against the cheapest call
 * of the same session, `screen.read`: the todo example served over stdio as an agent starts it
 * (`--stdio`, the library from the bench's build), an SDK client calling both, alternately, sample
 * by sample (bench/stats.ts `alternate`), after a warm-up.
 *
 * - `ACT` = an `act` call that changes the app (toggle an item: React re-renders, Ink draws a new
 *   frame, the answer carries it) ÷ a `screen.read` call (goal ≤ 1.3).
 * - `ACT.list` (context) = an `act` call that changes nothing (`todos.list`) ÷ `screen.read`: the
 *   act path's own cost, without the app's render.
 * - `ACT.floor` (context) = (`screen.read` + the app's own work for one toggle, with no ink-mcp
 *   session: bench/bare-toggle.tsx) ÷ `screen.read`: what ACT would be if ink-mcp cost nothing, as a
 *   toggle's answer cannot come sooner than a read's round trip plus the app's render of the change.
 * Every answer must not be an error, and the toggles must show on the final screen (the bare app's too).
 * The note also gives the server's own CPU time per call of each kind (Linux: `/proc/<pid>/stat`),
 * which a busy machine moves less than wall time: what a toggle adds to a read is the app's render
 * (React, Ink's frame) and ink-mcp's reading of it, not the act path (ACT.list).
 *
 *   NODE_ENV=production node --import tsx --import ./bench/use-build.mjs bench/act.bench.ts [--quick]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bareToggle } from './bare-toggle.js';
import { alternate, childNodeArgs, figure, msText, note, quick } from './stats.js';
import { callOk, todoCalls } from './todo-session.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const OPTIONS = quick ? { warmup: 1, samples: 3, batch: 2 } : { warmup: 10, samples: 40, batch: 10 };

const client = new Client({ name: 'act-bench', version: '1' });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [...childNodeArgs('examples/todo/index.tsx'), '--stdio'],
  cwd: repo,
  env: { ...process.env, NODE_ENV: 'production' } as Record<string, string>,
  stderr: 'inherit',
});
await client.connect(transport);

/** The server's CPU time so far (ms, user + system), where /proc tells; undefined elsewhere. */
function serverCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/${transport.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** The server's CPU time per call of `op`, over `n` calls (undefined where /proc does not tell). */
async function cpuPerCall(op: () => Promise<unknown>, n: number): Promise<number | undefined> {
  const before = serverCpuMs();
  for (let i = 0; i < n; i++) await op();
  const after = serverCpuMs();
  return before === undefined || after === undefined ? undefined : (after - before) / n;
}
let readMs = Number.NaN;
try {
  const calls = todoCalls((await client.listTools()).tools);
  for (const text of ['alpha', 'beta', 'gamma'])
    await callOk(client, calls.action('todos', 'add_item', { text }));
  const read = calls.read();
  const toggle = calls.action('todos', 'toggle', { index: 1 });
  const list = calls.action('todos', 'list');
  let toggles = 0;
  const changing = await alternate(
    () => callOk(client, read),
    async () => {
      await callOk(client, toggle);
      toggles++;
    },
    OPTIONS,
  );
  const unchanged = await alternate(
    () => callOk(client, read),
    () => callOk(client, list),
    OPTIONS,
  );
  const CPU_CALLS = quick ? 20 : 400;
  const cpu = {
    read: await cpuPerCall(() => callOk(client, read), CPU_CALLS),
    toggle: await cpuPerCall(() => callOk(client, toggle).then(() => toggles++), CPU_CALLS),
    list: await cpuPerCall(() => callOk(client, list), CPU_CALLS),
  };
  if (cpu.read !== undefined)
    note(
      `the server's CPU time per call (${CPU_CALLS} calls each): screen.read ${msText(cpu.read)}, act toggle ${msText(cpu.toggle ?? Number.NaN)}, act list ${msText(cpu.list ?? Number.NaN)}`,
    );
  const screen = await callOk(client, read);
  const beta = toggles % 2 === 1 ? '[x] beta' : '[ ] beta';
  if (!screen.includes(beta))
    throw new Error(`after ${toggles} toggles the screen should show ${beta}:\n${screen}`);
  note(
    `${OPTIONS.samples} samples of ${OPTIONS.batch} calls a side: screen.read ${msText(changing.a.median)}, act toggle ${msText(changing.b.median)}; screen.read ${msText(unchanged.a.median)}, act list ${msText(unchanged.b.median)}`,
  );
  figure('ACT', changing.pairedRatio, 2);
  figure('ACT.list', unchanged.pairedRatio, 2);
  readMs = changing.a.median;
} finally {
  await client.close();
}

// In this process, after the server is gone: nothing else runs beside it.
const bareMs = await bareToggle(OPTIONS);
note(
  `the app alone, no ink-mcp session (Ink in memory, Space on the list): ${msText(bareMs)} per toggle; a screen.read round trip ${msText(readMs)}`,
);
figure('ACT.floor', (readMs + bareMs) / readMs, 2);
