/**
 * T1: spawn → the first `tools/list` answered with the tools, as an MCP client configured as the
 * README says starts the server (goal ≤ 1 s, median of 3): it spawns the command, writes
 * `initialize`, and once answered, `notifications/initialized` and `tools/list`; the clock stops at
 * that answer, which must list tools. A fresh process per sample, with the environment an SDK stdio
 * client passes (`getDefaultEnvironment()`: no NODE_ENV); one unmeasured spawn of each first (cold
 * file caches).
 *
 * - `T1.todo`: `npx tsx examples/todo/index.tsx --stdio` (the Quick start's client config; the
 *   example starts with `startMcp`, src/start/index.ts).
 * - `T1.launcher`: `node bin/ink-mcp.js -- node examples/launcher/chat.js`, the launcher on the
 *   published build (this bench runs `npm run build` first) serving a plain Ink app.
 * - `T1.launcher.npx`: `npx ink-mcp -- node <abs>/examples/launcher/chat.js` run from a project that
 *   has ink-mcp installed (a scratch folder whose node_modules/ink-mcp links to this repo), as the
 *   README's `claude mcp add … -- npx ink-mcp -- node /absolute/path/to/app.js` runs. (npx run in
 *   this repo itself takes its self-install path, ~4 s, which no user's project takes.)
 *
 * Context lines: the same clock to the `initialize` answer, and the floors under each command
 * (`node -e ""`, `npx tsx` on an empty file, `npx` on an installed bin that exits at once).
 *
 *   node --import tsx bench/first-list.bench.ts [--quick]
 *   T1_REPO=/path/to/another/checkout …   times that checkout's commands (before/after comparisons)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { buildDist } from './build.js';
import { figure, median, note, quick } from './stats.js';

const repo = process.env.T1_REPO
  ? `${process.env.T1_REPO.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('..', import.meta.url));
const SAMPLES = quick ? 1 : Number(process.env.SAMPLES ?? 3);

buildDist(quick, repo);

const line = (message: object) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
const INITIALIZE = line({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
const THEN_LIST = line({ method: 'notifications/initialized' }) + line({ id: 2, method: 'tools/list' });

interface Sample {
  /** Spawn → the `initialize` answer. */
  initialize: number;
  /** Spawn → the `tools/list` answer (with tools). */
  list: number;
}

/** One client start: spawn, initialize, then list once initialized, as an MCP client does. */
function firstList(cwd: string, command: string, args: string[]): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: getDefaultEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let initialize: number | undefined;
    let done = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: no tool list in 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (done) return;
      const messages = stdout
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l) as { id?: number; result?: { tools?: unknown[] } });
      if (initialize === undefined && messages.some((m) => m.id === 1)) {
        initialize = performance.now() - started;
        child.stdin.write(THEN_LIST);
      }
      const listed = messages.find((m) => m.id === 2);
      if (!listed || initialize === undefined) return;
      const list = performance.now() - started;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      const ok = (listed.result?.tools?.length ?? 0) > 0;
      const sample = { initialize, list };
      // The next sample starts once this process is gone, not while it still loads the app.
      child.once('close', () => (ok ? resolve(sample) : reject(new Error(`no tools listed: ${stdout}`))));
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.stdin.write(INITIALIZE);
  });
}

/** Milliseconds from spawn to exit of a command that does nothing much: a floor under the ones timed. */
function exits(cwd: string, command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: getDefaultEnvironment(), stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

async function time(key: string, about: string, cwd: string, command: string, args: string[]) {
  if (!quick) await firstList(cwd, command, args);
  const samples: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await firstList(cwd, command, args));
  const lists = samples.map((s) => s.list);
  const inits = samples.map((s) => s.initialize);
  note(
    `${about}: tools/list answered at ${median(lists).toFixed(0)} ms (${spread(lists)}), initialize at ${median(inits).toFixed(0)} ms (${spread(inits)}), median of ${SAMPLES}`,
  );
  note(`  ${command === process.execPath ? 'node' : command} ${args.join(' ')}`);
  figure(key, median(lists), 0);
}

async function floor(about: string, cwd: string, command: string, args: string[]) {
  const xs: number[] = [];
  for (let i = 0; i < (quick ? 1 : SAMPLES + 1); i++) xs.push(await exits(cwd, command, args));
  if (!quick) xs.shift(); // the first paid for cold caches, as above
  note(`floor: ${about}: ${median(xs).toFixed(0)} ms (${spread(xs)})`);
}

// A project with ink-mcp installed, as a user's is: npx finds its bin in node_modules/.bin.
const project = mkdtempSync(join(tmpdir(), 'ink-mcp-t1-'));
try {
  writeFileSync(join(project, 'package.json'), '{ "name": "t1-project", "private": true }\n');
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(repo.replace(/\/$/, ''), join(project, 'node_modules', 'ink-mcp'), 'dir');
  symlinkSync('../ink-mcp/bin/ink-mcp.js', join(project, 'node_modules', '.bin', 'ink-mcp'));
  const chat = `${repo}examples/launcher/chat.js`;
  const empty = join(project, 'empty.ts');
  writeFileSync(empty, '\n');

  await time('T1.todo', 'the todo example under npx tsx (startMcp)', repo, 'npx', [
    'tsx',
    'examples/todo/index.tsx',
    '--stdio',
  ]);
  await time('T1.launcher', 'the launcher from the build, serving a plain Ink app', repo, process.execPath, [
    'bin/ink-mcp.js',
    '--',
    'node',
    'examples/launcher/chat.js',
  ]);
  await time(
    'T1.launcher.npx',
    'the launcher through npx, from a project that installed it',
    project,
    'npx',
    ['ink-mcp', '--', 'node', chat],
  );
  await floor('node -e ""', project, process.execPath, ['-e', '']);
  await floor('npx tsx on an empty file', repo, 'npx', ['tsx', empty]);
  await floor('npx ink-mcp --help (npx finding the bin, the launcher printing its usage)', project, 'npx', [
    'ink-mcp',
    '--help',
  ]);
} finally {
  rmSync(project, { recursive: true, force: true });
}
process.exit(0);
