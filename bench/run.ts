/**
 * Runs every bench, each in its own process (`node --expose-gc --import tsx`, NODE_ENV=production),
 * one after the other; reads their `P<n>` / `M<n>` lines; prints a table; writes bench/results.md.
 *
 *   npm run bench                  all benches, full size; writes bench/results.md
 *   npm run bench -- --quick       CI: proves each bench still runs (figures meaningless; nothing written)
 *   npm run bench -- --only list   benches whose file name contains "list" (nothing written)
 *   npm run bench -- --strict      exit 1 when a target is missed, not only when a bench fails
 *   npm run bench -- --source      time the library's TypeScript as tsx runs it, not its tsc build
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { BUILD_DIR, buildLibrary, QUICK_BUILD_DIR } from './build.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const strict = args.includes('--strict');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const fromSource = args.includes('--source');

interface Bench {
  file: string;
  /** What it measures, for the report. */
  about: string;
}

const BENCHES: Bench[] = [
  { file: 'snapshot.bench.tsx', about: 'P1: what a commit costs ink-mcp (snapshot, derive, sync)' },
  { file: 'call-overhead.bench.ts', about: 'P2: a trivial tools/call, per transport' },
  { file: 'list.bench.tsx', about: 'P3: tools/list of 100 sessions × 100 tools' },
  { file: 'notifications.bench.tsx', about: 'P4: list_changed coalescing over 1,000 commits' },
  { file: 'memory.bench.tsx', about: 'M1, M2: heap growth' },
  { file: 'frame.bench.tsx', about: "P1.frame: Ink's whole frame with and without a session" },
  { file: 'scale.bench.tsx', about: 'P7: a no-op call at 10,001 tools vs 100' },
  { file: 'start.bench.ts', about: 'P5: spawn → first initialize answer vs a bare SDK server' },
  {
    file: 'first-list.bench.ts',
    about: 'T1: spawn → first tools/list with the tools, the README’s client configs',
  },
  {
    file: 'discover.bench.ts',
    about: 'D1: spawn → the server/discover answer (2026-07-28) through the launcher',
  },
  {
    file: 'agent-loop.bench.ts',
    about: 'P6: an agent task through ink-mcp tools vs a pty driver',
  },
  { file: 'soak.bench.ts', about: 'M3: server RSS over 20,000 stdio calls' },
  { file: 'keys.bench.tsx', about: 'K1, K2: keys through keyboard.press against React’s own commit per key' },
  {
    file: 'screen-bytes.bench.tsx',
    about: 'S1: bytes per answer for a 1,000-item list (bounded to the terminal)',
  },
  {
    file: 'screenshot.bench.tsx',
    about: 'S2: one screen.screenshot of the todo example (100 × 30), call to answer',
  },
  {
    file: 'answers.bench.tsx',
    about: 'S3, LIST: characters a 12-step todo session and the tool list hand a model',
  },
  { file: 'act.bench.ts', about: 'ACT: an act call ÷ a screen.read call, the todo example over stdio' },
];

interface Goal {
  key: string;
  what: string;
  target: string;
  /** Undefined: context, no target. */
  met?: (value: string) => boolean;
}

const num = (test: (x: number) => boolean) => (value: string) => {
  const x = Number(value);
  return Number.isFinite(x) && test(x);
};

const GOALS: Goal[] = [
  {
    key: 'P1.leaf',
    what: 'snapshot + derive + sync ÷ React render+commit, leaf update, 10k fibers / 1k tool components',
    target: '≤ 0.25',
    met: num((x) => x <= 0.25),
  },
  {
    key: 'P1.tool',
    what: 'the same, a tool component re-renders and its tools change, 10k fibers',
    target: '≤ 0.4',
    met: num((x) => x <= 0.4),
  },
  {
    key: 'P1.leaf.50k',
    what: 'the same, leaf update, 50k fibers / 5k tool components / 10,001 tools',
    target: '≤ 0.25',
    met: num((x) => x <= 0.25),
  },
  {
    key: 'P1.tool.50k',
    what: 'the same, tool-component update, 50k fibers / 10,001 tools',
    target: '≤ 0.4',
    met: num((x) => x <= 0.4),
  },
  ...['P1.leaf', 'P1.tool', 'P1.leaf.50k', 'P1.tool.50k'].map((key) => ({
    key: `${key}.early`,
    what: `context: ${key} after 1,000 commits of the update, before V8 has optimized ink-mcp's per-commit code`,
    target: '',
  })),
  {
    key: 'P1.frame',
    what: "Ink's whole frame (React, Yoga, output) with a session ÷ without, leaf update, 10k fibers",
    target: '≤ 1.02',
    met: num((x) => x <= 1.02),
  },
  {
    key: 'P2.memory',
    what: 'tools/call ÷ bare SDK, in-memory (session over plain data)',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'P2.stdio',
    what: 'tools/call ÷ bare SDK, stdio (session over plain data)',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'P2.http',
    what: 'tools/call ÷ bare SDK, Streamable HTTP (session over plain data)',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'P2.memory.2026',
    what: 'the same for a 2026-07-28 client (server/discover, no session), in-memory',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'P2.stdio.2026',
    what: 'the same for a 2026-07-28 client, stdio',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'P2.http.2026',
    what: 'the same for a 2026-07-28 client, Streamable HTTP (createMcpHandler on the bare side)',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  { key: 'P2.memory.app', what: 'context: the same, a real Ink app on both sides, in-memory', target: '' },
  { key: 'P2.stdio.app', what: 'context: the same, a real Ink app on both sides, stdio', target: '' },
  { key: 'P2.http.app', what: 'context: the same, a real Ink app on both sides, HTTP', target: '' },
  { key: 'P2.memory.2026.app', what: 'context: a real Ink app, 2026-07-28 client, in-memory', target: '' },
  { key: 'P2.stdio.2026.app', what: 'context: a real Ink app, 2026-07-28 client, stdio', target: '' },
  { key: 'P2.http.2026.app', what: 'context: a real Ink app, 2026-07-28 client, HTTP', target: '' },
  {
    key: 'P3',
    what: 'tools/list, 100 sessions × 100 tools (one Ink app) ÷ bare SDK listing the same 10,000 tools',
    target: '≤ 2',
    met: num((x) => x <= 2),
  },
  { key: 'P3.plain', what: 'context: the same tools from sessions over plain data', target: '' },
  {
    key: 'P4',
    what: 'list_changed notifications per 34 ms window (max), 1,000 commits in bursts',
    target: '≤ 1',
    met: num((x) => x <= 1),
  },
  {
    key: 'P4.last',
    what: 'the last change of every burst delivered',
    target: 'yes',
    met: (v) => v === 'yes',
  },
  {
    key: 'P5.start',
    what: 'spawn → first initialize answer, `node` on built JS (todo example) ÷ a bare SDK stdio server',
    target: '≤ 1.5',
    met: num((x) => x <= 1.5),
  },
  {
    key: 'P5.start.tools',
    what: 'context: the same, spawn → first tools/list answer (the app rendered)',
    target: '',
  },
  {
    key: 'P5.start.ink',
    what: 'context: the bare SDK server importing ink and react first (no ink-mcp) ÷ the bare server, `node` on built JS',
    target: '',
  },
  {
    key: 'P5.start.tsx',
    what: 'the same under `npx tsx` (todo example sources) ÷ a bare SDK server under `npx tsx`',
    target: '≤ 1.5',
    met: num((x) => x <= 1.5),
  },
  {
    key: 'P5.start.launcher',
    what: 'spawn → first initialize answer, the launcher (`node bin/ink-mcp.js -- node app.js`, a plain-JS Ink app) ÷ a bare SDK stdio server on `node`',
    target: '≤ 1.5',
    met: num((x) => x <= 1.5),
  },
  {
    key: 'P5.start.launcher.tools',
    what: 'context: the same, spawn → first tools/list answer (the app itself up)',
    target: '',
  },
  {
    key: 'T1.todo',
    what: 'spawn → first tools/list answered with the tools (ms, median of 3): `npx tsx examples/todo/index.tsx --stdio`',
    target: '≤ 1000',
    met: num((x) => x <= 1000),
  },
  {
    key: 'T1.launcher',
    what: 'the same (ms): the launcher from the build, `node bin/ink-mcp.js -- node examples/launcher/chat.js`',
    target: '≤ 1000',
    met: num((x) => x <= 1000),
  },
  {
    key: 'T1.launcher.npx',
    what: 'the same (ms): `npx ink-mcp -- node …/chat.js` from a project with ink-mcp installed',
    target: '≤ 1000',
    met: num((x) => x <= 1000),
  },
  {
    key: 'D1.launcher',
    what: 'spawn → server/discover answered (ms, median of 3): the launcher from the build, `node bin/ink-mcp.js -- node examples/launcher/chat.js`',
    target: '≤ 200',
    met: num((x) => x <= 200),
  },
  {
    key: 'D1.todo',
    what: 'context: the same (ms), `npx tsx examples/todo/index.tsx --stdio` (startMcp)',
    target: '',
  },
  {
    key: 'P6.loop',
    what: 'the todo task: pty driver (polling until each key shows) ÷ ink-mcp tools over stdio, wall time',
    target: '≥ 8',
    met: num((x) => x >= 8),
  },
  {
    key: 'P6.loop.warm',
    what: "context: the same, ink-mcp's six calls made again on that app once warm (the task's own six are a fresh app's first)",
    target: '',
  },
  {
    key: 'P6.loop.settle',
    what: 'context: the same, the pty driver waiting 250 ms after each key',
    target: '',
  },
  {
    key: 'P6.actions',
    what: 'the todo task: ink-mcp actions ÷ pty driver actions (keys + screen reads)',
    target: '≤ 0.333',
    met: num((x) => x <= 1 / 3),
  },
  {
    key: 'P6.keys.loop',
    what: 'the keyboard-only chat task (unchanged app, launcher): pty driver (polling) ÷ ink-mcp keyboard tools, wall time',
    target: '≥ 5',
    met: num((x) => x >= 5),
  },
  {
    key: 'P6.keys.actions',
    what: 'the keyboard-only chat task: ink-mcp actions ÷ pty driver actions',
    target: '≤ 0.333',
    met: num((x) => x <= 1 / 3),
  },
  {
    key: 'P7.scale',
    what: 'a tools/call that changes nothing, at 10,001 tools ÷ at 100 (real Ink apps, in memory)',
    target: '≤ 1.2',
    met: num((x) => x <= 1.2),
  },
  {
    key: 'M3',
    what: 'RSS of the todo stdio server at call 20,000 ÷ at call 1,000, NODE_ENV=production',
    target: '≤ 1.25',
    met: num((x) => x <= 1.25),
  },
  { key: 'M1', what: 'heap growth after 10,000 calls (MB, after GC)', target: '< 5', met: num((x) => x < 5) },
  {
    key: 'M2',
    what: 'heap growth after 10,000 mount/unmount cycles of a tool component (MB, after GC)',
    target: '< 5',
    met: num((x) => x < 5),
  },
];

GOALS.push(
  {
    key: 'K1',
    what: 'context: keys per second through keyboard.press (100-key calls, in memory)',
    target: '',
  },
  {
    key: 'K1.key',
    what: 'context: ms per key, each committed (and its effects run) before the next',
    target: '',
  },
  {
    key: 'K1.floor',
    what: "context: ms per key without ink-mcp: React's commit and effects for that key",
    target: '',
  },
  { key: 'K1.ratio', what: 'context: K1.key ÷ K1.floor', target: '' },
  {
    key: 'K2',
    what: 'context: ms from a one-key keyboard.press call to its answer with the committed screen',
    target: '',
  },
  {
    key: 'S1',
    what: 'context: bytes per answer, a 1,000-item list in a 100 × 30 terminal (the screen is its rows)',
    target: '',
  },
  {
    key: 'S1.full',
    what: 'context: bytes of the whole frame of that list (what an unbounded answer carried)',
    target: '',
  },
  {
    key: 'S2',
    what: 'context: ms per screen.screenshot of the todo example (100 × 30 cells, 900 × 540 px), call to answer',
    target: '',
  },
  { key: 'S2.first', what: 'context: ms for the first one (loads the rasterizer and the font)', target: '' },
  { key: 'S2.svg', what: 'context: ms to draw the SVG from the cells', target: '' },
  { key: 'S2.png', what: 'context: ms for @resvg/resvg-js to rasterize it to PNG', target: '' },
  { key: 'S2.png.cpu', what: 'context: CPU ms (all threads) of that rasterization', target: '' },
  { key: 'S2.bytes', what: 'context: bytes of that PNG', target: '' },
  {
    key: 'S3',
    what: "a 12-step todo session (three adds, toggles, keys, the edit box): characters of the answers' text ÷ characters of the screens after each step",
    target: '≤ 2.0',
    met: num((x) => x <= 2),
  },
  {
    key: 'LIST',
    what: "characters of the tool list's JSON, the todo example's default surface",
    target: '≤ 2500',
    met: num((x) => x <= 2500),
  },
  {
    key: 'ACT',
    what: 'an act call that changes the app (toggle) ÷ a screen.read call, same session, todo example over stdio',
    target: '≤ 1.3',
    met: num((x) => x <= 1.3),
  },
  {
    key: 'ACT.list',
    what: 'context: an act call that changes nothing (todos.list) ÷ a screen.read call, same session',
    target: '',
  },
  {
    key: 'ACT.floor',
    what: "context: ACT if ink-mcp cost nothing: (a screen.read call + the app's own work for one toggle, no ink-mcp session) ÷ a screen.read call",
    target: '',
  },
);

/** `P1.leaf 0.168`, `S3 2.1`, `LIST 2480`: a name in capitals (digits after), parts after dots, a figure. */
const FIGURE = /^([A-Z]+\d*(?:\.[\w-]+)*) (\S+)/;

interface Run {
  bench: Bench;
  ok: boolean;
  seconds: number;
  output: string;
}

function runBench(bench: Bench): Promise<Run> {
  const file = fileURLToPath(new URL(`./${bench.file}`, import.meta.url));
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--import', USE_BUILD, file, ...(quick ? ['--quick'] : [])],
      {
        env: { ...process.env, NODE_ENV: 'production', INK_MCP_BENCH_BUILD: library.build ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const limit = (quick ? 120 : 900) * 1000;
    const timer = setTimeout(() => {
      output += `\n(killed: still running after ${limit / 1000} s)\n`;
      child.kill('SIGKILL');
    }, limit);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ bench, ok: code === 0, seconds: (performance.now() - started) / 1000, output });
    });
  });
}

const USE_BUILD = fileURLToPath(new URL('./use-build.mjs', import.meta.url));

/** The library as published (tsc), unless `--source`; the benches import src/ either way. */
const library: { build: string | undefined; about: string } = { build: undefined, about: '' };
if (fromSource) {
  library.about = 'TypeScript sources run by tsx (--source)';
} else if (quick && existsSync(fileURLToPath(new URL('../dist/src/index.js', import.meta.url)))) {
  // The same tsc output `npm run build` made (CI builds it first): a quick run's figures mean nothing,
  // and a second build of the same files took a tenth of CI's quick run.
  library.build = fileURLToPath(new URL('../dist', import.meta.url));
  library.about = 'the build in dist/ as it is (quick mode)';
} else {
  const dir = quick ? QUICK_BUILD_DIR : BUILD_DIR;
  const built = buildLibrary(dir);
  if (built.ok) {
    library.build = dir;
    library.about = `compiled with tsc (tsconfig.build.json) in ${built.seconds.toFixed(1)} s, as published; the benches themselves run under tsx`;
  } else {
    library.about = 'TypeScript sources run by tsx: the tsc build failed';
    process.stdout.write(`the tsc build failed; timing the sources under tsx instead:\n${built.output}\n`);
  }
}
process.stdout.write(`library: ${library.about}\n`);

const startedAt = new Date();
const loadBefore = os.loadavg();
const figures = new Map<string, string>();
const runs: Run[] = [];
for (const bench of BENCHES) {
  if (only && !bench.file.includes(only)) continue;
  process.stdout.write(`${bench.file} … `);
  const run = await runBench(bench);
  runs.push(run);
  for (const line of run.output.split('\n')) {
    const match = FIGURE.exec(line);
    if (match) figures.set(match[1]!, match[2]!);
  }
  process.stdout.write(`${run.ok ? 'done' : 'FAILED'} in ${run.seconds.toFixed(1)} s\n`);
  if (!run.ok) process.stdout.write(`${run.output}\n`);
}
const loadAfter = os.loadavg();
const totalSeconds = runs.reduce((sum, r) => sum + r.seconds, 0);

interface Row {
  goal: Goal;
  value: string | undefined;
  verdict: string;
}
const rows: Row[] = GOALS.filter((goal) => !only || figures.has(goal.key)).map((goal) => {
  const value = figures.get(goal.key);
  const verdict =
    value === undefined
      ? 'MISSING'
      : goal.met === undefined
        ? ''
        : quick
          ? 'ran'
          : goal.met(value)
            ? 'met'
            : 'missed';
  return { goal, value, verdict };
});

function table(format: 'text' | 'md'): string {
  const header = ['Goal', 'Figure', 'Target', 'Result', 'What'];
  const body = rows.map((r) => [
    r.goal.key,
    r.value ?? '—',
    r.goal.target || '—',
    r.verdict || 'context',
    r.goal.what,
  ]);
  if (format === 'md') {
    return [header, header.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  }
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((cells) => cells[i]!.length)));
  return [header, ...body].map((cells) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

process.stdout.write(`\n${table('text')}\n\n`);
process.stdout.write(
  `${runs.length} benches in ${totalSeconds.toFixed(1)} s${quick ? ' (quick mode: the figures mean nothing)' : ''}\n`,
);

const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

if (!quick && !only) {
  const md = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${startedAt.toISOString()}. Regenerate and commit it with every change that moves a figure.`,
    '',
    `- Machine: ${machine}`,
    `- Load average (1, 5, 15 min): ${load(loadBefore)} before, ${load(loadAfter)} after — the ratios are measured alternately in one process, so load shifts both sides, but a busy machine widens the spread`,
    `- React production build (NODE_ENV=production); each bench in its own \`node --expose-gc --import tsx\` process; ${runs.length} benches in ${totalSeconds.toFixed(0)} s`,
    `- ink-mcp: ${library.about}`,
    '',
    table('md'),
    '',
    'How each figure is measured, and what the remaining costs are: see bench/README.md.',
    '',
    '## Output of each bench',
    '',
    ...runs.flatMap((r) => [
      `### ${r.bench.file} — ${r.bench.about} (${r.seconds.toFixed(1)} s${r.ok ? '' : ', FAILED'})`,
      '',
      '```',
      r.output.trimEnd(),
      '```',
      '',
    ]),
  ].join('\n');
  writeFileSync(fileURLToPath(new URL('./results.md', import.meta.url)), md);
  process.stdout.write('wrote bench/results.md\n');
}

const failed = runs.some((r) => !r.ok) || rows.some((r) => r.verdict === 'MISSING');
const missed = rows.some((r) => r.verdict === 'missed');
process.exit(failed || (strict && missed && !quick) ? 1 : 0);
