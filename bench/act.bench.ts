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
 * Every answer must not be an error, and the toggles must show on the final screen.
 *
 *   NODE_ENV=production node --import tsx --import ./bench/use-build.mjs bench/act.bench.ts [--quick]
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { alternate, childNodeArgs, figure, msText, note, quick } from './stats.js';
import { callOk, todoCalls } from './todo-session.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const OPTIONS = quick ? { warmup: 1, samples: 3, batch: 2 } : { warmup: 10, samples: 40, batch: 10 };

const client = new Client({ name: 'act-bench', version: '1' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [...childNodeArgs('examples/todo/index.tsx'), '--stdio'],
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production' } as Record<string, string>,
    stderr: 'inherit',
  }),
);
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
  const screen = await callOk(client, read);
  const beta = toggles % 2 === 1 ? '[x] beta' : '[ ] beta';
  if (!screen.includes(beta))
    throw new Error(`after ${toggles} toggles the screen should show ${beta}:\n${screen}`);
  note(
    `${OPTIONS.samples} samples of ${OPTIONS.batch} calls a side: screen.read ${msText(changing.a.median)}, act toggle ${msText(changing.b.median)}; screen.read ${msText(unchanged.a.median)}, act list ${msText(unchanged.b.median)}`,
  );
  figure('ACT', changing.pairedRatio, 2);
  figure('ACT.list', unchanged.pairedRatio, 2);
} finally {
  await client.close();
}
