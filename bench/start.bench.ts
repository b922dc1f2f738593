/**
 * P5: spawn → the first answer to `initialize`, ink-mcp's stdio server ÷ a bare SDK stdio server
 * started the same way (goal ≤ 1.5 for each way):
 *
 * - `P5.start`: `node` on built JavaScript: the todo example's own code bundled by esbuild into
 *   bench/.start/ (with code splitting, so what it imports with `import()` stays a chunk loaded
 *   later, as a project's build keeps it), importing ink-mcp from its published build (dist/, tsc's
 *   output of `npm run build`, which this bench runs first) and ink, react and the SDK from
 *   node_modules, as `node app.js` runs in a project; the bare server (fixtures/bare-start.ts) built
 *   and started the same way. The example starts with `startMcp` (ink-mcp/start), which answers
 *   `initialize` before the app loads; `P5.start.eager` (context) is the same app served by
 *   `renderMcp` from an entry that imports it statically (fixtures/todo-eager.tsx).
 * - `P5.start.tsx`: `npx tsx` on the sources, as the README's commands run them: the todo example
 *   (examples/todo/index.tsx --stdio) ÷ the bare server under `npx tsx`.
 * - `P5.start.launcher`: the launcher (`node bin/ink-mcp.js -- node test/launcher/apps/mover.js`, the
 *   published build in dist/) running a plain-JS Ink app it knows nothing of ÷ the bare server built
 *   and started with `node` as for P5.start. The launcher answers `initialize` itself while the app
 *   loads (src/launcher/early-answers.ts), so `P5.start.launcher.tools` (context) also times spawn →
 *   the first `tools/list` answer, which waits for the app's own server: when the app is drivable.
 *
 * The child gets the environment an SDK stdio client passes (`getDefaultEnvironment()`: no
 * NODE_ENV). Each sample spawns a fresh process, writes `initialize` to its stdin and stops the
 * clock at the first line on its stdout; sides alternate, the figure is the median of the pairs'
 * ratios. `P5.import` (context): importing dist/index.js (the package root) alone, in a fresh node.
 *
 *   node --import tsx bench/start.bench.ts [--quick]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { build } from 'esbuild';
import { buildDist } from './build.js';
import { figure, median, note, quick } from './stats.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const out = fileURLToPath(new URL('./.start/', import.meta.url));
const PAIRS = quick ? 1 : Number(process.env.PAIRS ?? 7);

buildDist(quick);
mkdirSync(out, { recursive: true });

/**
 * Bundles a script as a project builds it: its own code in one file, what it imports with `import()`
 * in chunks beside it; packages (ink-mcp from dist/) imported. Returns the entry file.
 */
async function bundle(entry: string, name: string): Promise<string> {
  const dir = `${out}${name}`;
  await build({
    entryPoints: { main: `${repo}${entry}` },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    plugins: [
      {
        name: 'ink-mcp-from-dist',
        setup(b) {
          // The example imports the library's sources; an app imports the published build.
          b.onResolve({ filter: /^(\.\.\/)+(src\/start|src|components)\/index\.js$/ }, (args) => ({
            path: `${repo}dist/${args.path.replace(/^(\.\.\/)+/, '').replace(/^src\/index\.js$/, 'index.js')}`,
            external: true,
          }));
        },
      },
    ],
  });
  return `${dir}/main.mjs`;
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;
/** Sent with `initialize` for the `tools` variant: the listing is answered once the app's server is up. */
const THEN_LIST = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify(
  {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/list',
  },
)}\n`;

type Command = [string, string[]];

/**
 * Milliseconds from spawn to the first line the server writes (its answer to `initialize`), or with
 * `tools`, to its answer to a `tools/list` sent right after (which must list a tool).
 */
function firstAnswer(command: string, args: string[], tools = false): Promise<number> {
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
      reject(new Error(`${command} ${args.join(' ')}: no answer in 30 s; stderr: ${stderr}`));
    }, 30_000);
    const wanted = tools ? 2 : 1;
    let done = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (done) return;
      // Notifications (list_changed) may come first: the clock stops at the wanted answer.
      const answer = stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } })
        .find((message) => message.id === wanted);
      if (!answer) return;
      const elapsed = performance.now() - started;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      const ok = answer.result !== undefined && (!tools || (answer.result.tools?.length ?? 0) > 0);
      child.once('close', () => (ok ? resolve(elapsed) : reject(new Error(`bad answer: ${stdout}`))));
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.stdin.write(tools ? INITIALIZE + THEN_LIST : INITIALIZE);
  });
}

interface Way {
  key: string;
  about: string;
  ink: Command;
  bare: Command;
  /** Time to the first `tools/list` answer instead of the `initialize` one. */
  tools?: boolean;
}

async function compare(way: Way): Promise<void> {
  const ink: number[] = [];
  const bare: number[] = [];
  const ratios: number[] = [];
  if (!quick) {
    // One unmeasured pair: the first spawn of each pays for cold file caches.
    await firstAnswer(...way.ink, way.tools);
    await firstAnswer(...way.bare, way.tools);
  }
  for (let i = 0; i < PAIRS; i++) {
    const first = i % 2 === 0;
    const a = first ? await firstAnswer(...way.ink, way.tools) : await firstAnswer(...way.bare, way.tools);
    const b = first ? await firstAnswer(...way.bare, way.tools) : await firstAnswer(...way.ink, way.tools);
    const [x, y] = first ? [a, b] : [b, a];
    ink.push(x);
    bare.push(y);
    ratios.push(x / y);
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  note(
    `${way.about}: ink-mcp ${median(ink).toFixed(0)} ms (${spread(ink)}), bare SDK ${median(bare).toFixed(0)} ms (${spread(bare)}), ${PAIRS} pairs`,
  );
  figure(way.key, median(ratios), 2);
}

const node = process.execPath;
const bareBuilt: Command = [node, [await bundle('bench/fixtures/bare-start.ts', 'bare')]];
const todo: Command = [node, [await bundle('examples/todo/index.tsx', 'todo'), '--stdio']];
await compare({
  key: 'P5.start',
  about: 'node on built JS (the app bundled, packages from node_modules), the todo example (--stdio)',
  ink: todo,
  bare: bareBuilt,
});
// Context: `initialize` is answered before the app's first render; a listing needs the app.
await compare({
  key: 'P5.start.tools',
  about: 'the same, spawn → the first tools/list answer (the app rendered and listing its tools)',
  ink: todo,
  bare: bareBuilt,
  tools: true,
});
// Context: the same app served by renderMcp from an entry that imports it (and so Ink) statically.
await compare({
  key: 'P5.start.eager',
  about: 'node, the todo app served by renderMcp from an entry importing it statically (no startMcp)',
  ink: [node, [await bundle('bench/fixtures/todo-eager.tsx', 'todo-eager'), '--stdio']],
  bare: bareBuilt,
});
// Context: the floor under an eager start. Any Ink app loads Ink and React before its code can serve.
await compare({
  key: 'P5.start.ink',
  about: 'node, the bare SDK server importing ink and react first (no ink-mcp)',
  ink: [node, [await bundle('bench/fixtures/ink-bare-start.ts', 'ink-bare')]],
  bare: bareBuilt,
});
// The launcher as `npx ink-mcp -- node app.js` runs it, minus npx: its bin on the published build.
const launcher: Command = [node, [`${repo}bin/ink-mcp.js`, '--', node, `${repo}test/launcher/apps/mover.js`]];
await compare({
  key: 'P5.start.launcher',
  about: 'node, the launcher running a plain-JS Ink app (bin/ink-mcp.js -- node mover.js)',
  ink: launcher,
  bare: bareBuilt,
});
await compare({
  key: 'P5.start.launcher.tools',
  about: 'the same, spawn → the first tools/list answer (the app itself up and listing its tools)',
  ink: launcher,
  bare: bareBuilt,
  tools: true,
});
await compare({
  key: 'P5.start.tsx',
  about: 'npx tsx on the sources, the todo example (--stdio)',
  ink: ['npx', ['tsx', 'examples/todo/index.tsx', '--stdio']],
  bare: ['npx', ['tsx', 'bench/fixtures/bare-start.ts']],
});
const imports: number[] = [];
for (let i = 0; i < (quick ? 1 : 5); i++) {
  const run = spawnSync(
    node,
    [
      '--input-type=module',
      '-e',
      "const t = performance.now(); await import('./dist/index.js'); console.log(performance.now() - t)",
    ],
    { cwd: repo, encoding: 'utf8' },
  );
  imports.push(Number(run.stdout.trim()));
}
note(
  `importing dist/index.js (react, ink, the SDK included): ${median(imports).toFixed(0)} ms, median of ${imports.length}`,
);
process.exit(0);
