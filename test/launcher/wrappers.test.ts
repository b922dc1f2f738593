import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { app, launch, screen } from './launch.js';

/**
 * Following the UI wherever it runs (issue #41, item 2): a Node bin that starts the real UI in a
 * child with inherited stdio, as loaders do. A Node child gets the preload and a terminal as its
 * parent would (and is served by module); a child that is not Node (a native binary a loader starts)
 * runs in a pseudo-terminal of its own, served in terminal mode, without `--terminal`. Through the
 * real launcher and the SDK's client.
 */

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `check` holds (polled), or fails after `ms`: a bound on a stuck run, not a pace. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a Node wrapper that starts the UI in a child with inherited stdio', () => {
  it('a Node child: it finds a terminal, as under its parent, and is served by module', async () => {
    const run = await launch(
      built.bin,
      ['--columns', '64', '--rows', '9'],
      ['node', app('wrapper.js'), app('needs-terminal.js')],
    );
    try {
      const read = await run.call('app.screen.read', {});
      expect(read.isError, `${read.text}\n${run.stderr()}`).toBeFalsy();
      expect(read.text).toContain('terminal 64x9, keys:');
      expect(read.text).not.toContain('Mode:');
      const typed = await run.call('app.keyboard.type', { text: 'ab' });
      expect(typed.text).toContain('keys: ab');
    } finally {
      await run.close();
    }
  }, 60_000);

  for (const how of ['spawn', 'spawnSync'] as const) {
    it(`a child that is not Node (${how}): it runs in a pseudo-terminal, served in terminal mode, and its exit code reaches the wrapper`, async () => {
      const run = await launch(
        built.bin,
        ['--columns', '60', '--rows', '10'],
        ['node', app('wrapper.js'), ...(how === 'spawnSync' ? ['--sync'] : []), app('needs-tty.sh')],
      );
      try {
        const read = await run.call('app.screen.wait_for', { text: 'native ui', timeout_ms: 20_000 });
        expect(read.isError, `${read.text}\n${run.stderr()}`).toBeFalsy();
        expect(read.text).toContain('native ui, tty 10 60');
        expect(read.text).toContain('a Node process of the command started it with its terminal');
        const typed = await run.call('app.keyboard.type', { text: 'hello\n' });
        expect(typed.text).toContain('native got: hello');
        // "quit" exits 4: the call is answered with it, and the wrapper gets that code.
        const quit = await run.call('app.keyboard.type', { text: 'quit\n' });
        // In this answer, or (the exit seen after the key's output went quiet) in the next one.
        const told = quit.text.includes('The app exited')
          ? quit.text
          : await run.call('app.screen.read', {}).then(
              (r) => r.text,
              (error: Error) => error.message,
            );
        expect(told).toMatch(/exited \(exit code 4\)|it exited: exit code 4/);
        await until(
          () => run.stderr().includes('wrapper: the child exited with code 4'),
          20_000,
          'the wrapper',
        );
      } finally {
        await run.close();
      }
    }, 60_000);
  }

  it('a UI the launcher does not reach (started through a shell) exits unserved: the answer names --terminal', async () => {
    const run = await launch(built.bin, [], ['node', app('tty-or-leave.js')]);
    try {
      const answer = await run.call('app.screen.read', {}).then(
        (r) => r.text,
        (error: Error) => error.message,
      );
      expect(answer).toContain('Run in an interactive terminal');
      expect(answer).toContain('ink-mcp --terminal -- node');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('a program started while another process is served runs as asked, and the served app goes on', async () => {
    const run = await launch(built.bin, [], ['node', app('served-then-spawns.js')]);
    try {
      const started = await run.call('app.keyboard.press', { keys: ['s'] });
      expect(started.isError, started.text).toBeFalsy();
      const done = await run.call('app.screen.wait_for', {
        text: 'the program exited with',
        timeout_ms: 20_000,
      });
      expect(done.isError, done.text).toBeFalsy();
      expect(await screen(run.client)).toContain('the program exited with 1');
      expect(run.stderr()).toContain('No prompt provided');
      expect(run.stderr()).toContain('runs as it was started, not served');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('what the command started goes with it: a helper it never stopped is gone once the client closes', async () => {
    const run = await launch(built.bin, [], ['node', app('leaves-a-child.js')]);
    let pid = 0;
    try {
      const read = await run.call('app.screen.wait_for', { text: 'app with a helper', timeout_ms: 20_000 });
      expect(read.isError, read.text).toBeFalsy();
      await until(() => /helper pid \d+/.test(run.stderr()), 20_000, 'the helper');
      pid = Number(/helper pid (\d+)/.exec(run.stderr())?.[1]);
      expect(alive(pid)).toBe(true);
    } finally {
      await run.close();
    }
    await until(() => !alive(pid), 20_000, `the helper (pid ${pid}) to exit`);
  }, 60_000);
});
