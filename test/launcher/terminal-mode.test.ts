import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startsNode } from '../../src/launcher/node-command.js';
import { parseArgs } from '../../src/launcher/parse-args.js';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app, launch } from './launch.js';

/**
 * Terminal mode (issue #30, item 4): apps ink-mcp cannot reach through Ink are driven as a terminal
 * is, with keys and the screen. A bundle (Ink and React inside one esbuild file, DEV false) gets a
 * terminal of its process's own streams from the preload; a program that is not Node runs in a
 * pseudo-terminal (node-pty). Both through the real launcher and the SDK's client over stdio.
 */

let built: BuiltPackage;
let dir: string;
let bundle: string;
let devBundle: string;

/**
 * The fixture as one esbuild bundle, Ink and React inside, `process.env.DEV` defined false (Ink reads
 * DEV through `node:process`, which the define does not reach: the check stays a run-time one).
 * `dev`: the bundle sets DEV=true itself before Ink loads, as a user running it with DEV=true does;
 * Ink then injects into React's DevTools hook and reads the package.json above the bundle.
 */
async function bundleFixture(outfile: string, dev: boolean): Promise<void> {
  const banner =
    "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";
  await build({
    entryPoints: [app('bundled-echo.js')],
    outfile,
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
    // Ink imports react-devtools-core only under DEV=true (not installed here): a stub, as a bundle
    // that never connects to a DevTools server might carry. CommonJS parts of the bundle need a `require`.
    plugins: [
      {
        name: 'no-devtools',
        setup(b) {
          b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'stub', namespace: 'stub' }));
          b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
            contents: 'export default { initialize() {}, connectToDevTools() {} };',
          }));
        },
      },
    ],
    banner: { js: dev ? `${banner} process.env.DEV = 'true';` : banner },
    logLevel: 'error',
  });
}

beforeAll(async () => {
  built = await buildPackage();
  dir = mkdtempSync(join(tmpdir(), 'ink-mcp-bundle-'));
  bundle = join(dir, 'bundled-echo.mjs');
  await bundleFixture(bundle, false);
  mkdirSync(join(dir, 'dev', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dev', 'package.json'), '{"name":"bundled-echo","version":"1.0.0"}\n');
  devBundle = join(dir, 'dev', 'dist', 'bundled-echo.mjs');
  await bundleFixture(devBundle, true);
}, 60_000);
afterAll(() => {
  built?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `check` holds (polled), or fails after `ms`: a bound on a stuck run, not a pace. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('which commands start Node (the preload reaches them) and which run in a pseudo-terminal', () => {
  it('node, npx and a script run by node start Node; a shell script and a binary do not', () => {
    expect(startsNode(['node', 'app.js'])).toBe(true);
    expect(startsNode([process.execPath, 'app.js'])).toBe(true);
    expect(startsNode(['npx', 'tsx', 'app.tsx'])).toBe(true);
    expect(startsNode([join(repoRoot, 'node_modules', '.bin', 'tsx'), 'app.tsx'])).toBe(true);
    expect(startsNode([app('shell-echo.sh')])).toBe(false);
    expect(startsNode(['sh', '-c', 'echo hi'])).toBe(false);
    // Not found: left to start as before, which fails with its own message.
    expect(startsNode(['no-such-command-ink-mcp'])).toBe(true);
  });
});

describe('--terminal', () => {
  it('asks for a pseudo-terminal; not with --attach, where the keys would be the person’s', () => {
    expect(parseArgs(['--terminal', '--', 'node', 'a.js'])).toMatchObject({ kind: 'run', terminal: true });
    expect(parseArgs(['--', 'node', 'a.js'])).not.toHaveProperty('terminal');
    expect(parseArgs(['--terminal', '--attach', '--', 'node', 'a.js'])).toMatchObject({ kind: 'error' });
  });
});

describe('terminal mode through the launcher', () => {
  it('a bundled Ink app (esbuild, DEV false) is served on a terminal of its own: typing shows on the screen, answers name the mode', async () => {
    const run = await launch(built.bin, ['--columns', '70', '--rows', '12'], ['node', bundle]);
    let pid = 0;
    try {
      const { tools } = await run.client.listTools();
      expect(tools.map((t) => t.name)).toContain('app_keyboard_type');
      const read = await run.call('app.screen.read', {});
      expect(read.isError, read.text).toBeFalsy();
      // The app sees an interactive terminal of the session's size.
      expect(read.text).toContain('tty 70x12');
      expect(read.text).toContain('Mode: terminal');
      expect(read.text).toContain('no Ink ink-mcp could hook');
      pid = Number(/pid (\d+)/.exec(read.text)?.[1]);
      expect(pid).toBeGreaterThan(0);

      const typed = await run.call('app.keyboard.type', { text: 'hello there' });
      expect(typed.isError, typed.text).toBeFalsy();
      expect(typed.text).toContain('typed: hello there');
      expect(typed.text).toContain('Mode: terminal');
      const pressed = await run.call('app.keyboard.press', { keys: ['backspace', 'backspace', 'enter'] });
      expect(pressed.text).toContain('typed: hello the⏎');
      const waited = await run.call('app.screen.wait_for', { text: 'the⏎' });
      expect(waited.isError, waited.text).toBeFalsy();
      // Colours, read from the terminal's cells (the app's <Text color="green">).
      const styled = await run.call('app.screen.read', { styles: true });
      expect(styled.text).toContain('[green]typed: hello the⏎[/]');

      // What this mode cannot do is said, not guessed at.
      const focus = await run.call('app.focus.list', {});
      expect(focus.isError).toBe(true);
      expect(focus.text).toContain("Ink's focus cannot be read or moved");
      expect(run.stderr()).toContain('served in terminal mode');
    } finally {
      await run.close();
    }
    // The client closed: the app's process is gone (its terminal closed), not left behind.
    await until(() => !alive(pid), 15_000, `the bundled app (pid ${pid}) to exit`);
  }, 60_000);

  it('a bundle run with DEV=true injects into React’s DevTools hook: its focus and tree are read too', async () => {
    const run = await launch(built.bin, [], ['node', devBundle]);
    try {
      const read = await run.call('app.screen.read', {});
      expect(read.isError, read.text).toBeFalsy();
      expect(read.text).toContain('Mode: DevTools hook');
      expect(read.text).toContain('echo has focus');
      // Ink's focus manager, found in the bundle's fibers.
      expect(read.text).toContain('Focus: "echo"');
      const focus = await run.call('app.focus.list', {});
      expect(focus.isError, focus.text).toBeFalsy();
      expect(focus.text).toMatch(/"focused": ?"echo"/);
      // Keys through its terminal, each after React committed what it caused.
      const typed = await run.call('app.keyboard.type', { text: 'hooked' });
      expect(typed.text).toContain('typed: hooked');
      const tree = await run.client.readResource({ uri: 'ink://app/tree' });
      const text = tree.contents[0] && 'text' in tree.contents[0] ? String(tree.contents[0].text) : '';
      // The tree resource's focus node, as for a hooked Ink.
      expect(text).toMatch(/"ids": \[\s*"echo"\s*\],\s*"active": "echo"/);
      expect(run.stderr()).toContain("served through React's DevTools hook");
    } finally {
      await run.close();
    }
  }, 60_000);

  it('a program that is not Node runs in a pseudo-terminal: keys reach it, its screen is read, and it is gone after the client closes', async () => {
    const run = await launch(built.bin, ['--columns', '60', '--rows', '10'], [app('shell-echo.sh')]);
    let pid = 0;
    try {
      const { tools } = await run.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      const read = await run.call('app.screen.read', {});
      expect(read.isError, read.text).toBeFalsy();
      expect(read.text).toContain('shell echo, pid');
      // `stty size` in the pseudo-terminal: rows, then columns.
      expect(read.text).toContain('tty 10 60');
      expect(read.text).toContain('pseudo-terminal');
      pid = Number(/pid (\d+)/.exec(read.text)?.[1]);
      expect(pid).toBeGreaterThan(0);

      const typed = await run.call('app.keyboard.type', { text: 'good morning\n' });
      expect(typed.isError, typed.text).toBeFalsy();
      expect(typed.text).toContain('you said: good morning');
      expect(typed.text).toContain('Mode: terminal');
      const again = await run.call('app.keyboard.type', { text: 'and again\n' });
      expect(again.text).toContain('you said: and again');
    } finally {
      await run.close();
    }
    await until(() => !alive(pid), 15_000, `the shell program (pid ${pid}) to exit`);
  }, 60_000);

  it('--terminal runs a Node Ink app in a pseudo-terminal: each key waits for its redraw, so a stale-closure handler sees every key', async () => {
    const run = await launch(built.bin, ['--terminal'], ['node', app('mover.js')]);
    try {
      const moved = await run.call('app.keyboard.press', { keys: ['right', 'right', 'right', 'down'] });
      expect(moved.isError, moved.text).toBeFalsy();
      expect(moved.text).toContain('position 4,2');
      expect(moved.text).toContain('pseudo-terminal');
      // A Node app, run there because the user asked: the Mode line says so, not "not a Node program".
      expect(moved.text).toContain('as asked (--terminal)');
      expect(moved.text).not.toContain('not a Node program');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('a program that exits on a key: the call is answered with its last screen', async () => {
    const run = await launch(built.bin, [], [app('shell-echo.sh')]);
    try {
      await run.call('app.screen.wait_for', { text: 'shell echo' });
      const quit = await run.call('app.keyboard.type', { text: 'quit\n' });
      expect(quit.text).toContain('you said: quit');
      // With how it ended (shell-echo.sh exits 3 on "quit"): in this answer, or (when the exit was
      // seen only after the key's output went quiet, on a loaded machine) in the next one.
      const told = quit.text.includes('The app exited')
        ? quit.text
        : await run.call('app.screen.read', {}).then(
            (r) => r.text,
            (error: Error) => error.message,
          );
      expect(told).toMatch(/exited \(exit code 3\)|it exited: exit code 3/);
    } finally {
      await run.close();
    }
  }, 60_000);
});
