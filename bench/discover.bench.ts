/**
 * D1: spawn → the `server/discover` answer through the launcher (issue #29: ≤ 200 ms, median of 3),
 * as a 2026-07-28 client (or an SDK 2.x client in `auto` mode, or Claude Code) starts a stdio server:
 * it spawns the command and writes `server/discover` with the per-request envelope; the clock stops
 * at the answer, which must list 2026-07-28. A fresh process per sample, with the environment an SDK
 * stdio client passes (no NODE_ENV); one unmeasured spawn first (cold file caches). The answer comes
 * from the launcher's relay (src/launcher/early-answers.ts), before the app has loaded.
 *
 * - `D1.launcher`: `node bin/ink-mcp.js -- node examples/launcher/chat.js` (this bench runs
 *   `npm run build` first).
 * - `D1.todo`: `npx tsx examples/todo/index.tsx --stdio` (ink-mcp/start's relay).
 *
 *   node --import tsx bench/discover.bench.ts [--quick]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { buildDist } from './build.js';
import { figure, median, note, quick } from './stats.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SAMPLES = quick ? 1 : Number(process.env.SAMPLES ?? 3);

buildDist(quick);

const DISCOVER = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
    },
  },
})}\n`;

/** Milliseconds from spawn to the discover answer. */
function discover(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: repo,
      env: getDefaultEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: no discover answer in 30 s; stderr: ${stderr}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes('\n')) return;
      const elapsed = performance.now() - started;
      clearTimeout(timer);
      const answer = JSON.parse(stdout.split('\n', 1)[0] ?? '') as {
        result?: { supportedVersions?: string[] };
      };
      child.stdin.end();
      // The next sample starts once this process is gone, not while it still loads the app.
      child.once('close', () =>
        answer.result?.supportedVersions?.includes('2026-07-28')
          ? resolve(elapsed)
          : reject(new Error(`not a discover answer: ${stdout}`)),
      );
    });
    child.once('error', reject);
    child.stdin.write(DISCOVER);
  });
}

async function time(key: string, about: string, command: string, args: string[]) {
  if (!quick) await discover(command, args);
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) xs.push(await discover(command, args));
  note(
    `${about}: server/discover answered at ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}), median of ${SAMPLES}`,
  );
  figure(key, median(xs), 0);
}

await time('D1.launcher', 'the launcher from the build, serving a plain Ink app', process.execPath, [
  'bin/ink-mcp.js',
  '--',
  'node',
  'examples/launcher/chat.js',
]);
await time('D1.todo', 'the todo example under npx tsx (startMcp)', 'npx', [
  'tsx',
  'examples/todo/index.tsx',
  '--stdio',
]);
process.exit(0);
