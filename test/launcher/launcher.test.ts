import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyAnswer } from '../../src/launcher/early-answers.js';
import { runToEnd } from '../helpers/run-to-end.js';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app, launch, screen } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

/** Runs the launcher to its end with no client: for the command-line checks. */
function runBin(args: string[]) {
  return runToEnd(process.execPath, [built.bin, ...args], { cwd: repoRoot });
}

describe('ink-mcp launcher: command line', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const run = await runBin(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: ink-mcp \[options\] -- <command> \[args…\]/);
    expect(run.stdout).toContain('--no-builtin-tools');
    expect(run.stdout).toContain('--surface <s>');
    expect(run.stdout).toContain('--answer-blocks <b>');
    expect(run.stdout).toContain('INK_MCP_SURFACE, INK_MCP_ANSWER_BLOCKS');
  });

  it('an unknown option prints what was wrong and the usage on stderr, and exits 2', async () => {
    const run = await runBin(['--colour', '--', 'node', 'app.js']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^ink-mcp: unknown option "--colour"\.\n\nUsage: ink-mcp/);
  });

  it('a bad value names the flag and what it takes; no command says where it goes', async () => {
    const bad = await runBin(['--columns', 'wide', '--', 'node', 'app.js']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^ink-mcp: --columns must be an integer from 10 to 1000, not "wide"\./);
    const surface = await runBin(['--surface', 'tools', '--', 'node', 'app.js']);
    expect(surface.code).toBe(2);
    expect(surface.stderr).toMatch(/^ink-mcp: --surface must be "stable" or "widgets", not "tools"\./);
    const blocks = await runBin(['--answer-blocks=two', '--', 'node', 'app.js']);
    expect(blocks.code).toBe(2);
    expect(blocks.stderr).toMatch(/^ink-mcp: --answer-blocks must be "one" or "many", not "two"\./);
    const none = await runBin(['--session', 'x']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^ink-mcp: no command to run: put it after --/);
  });
});

describe('ink-mcp launcher: protocol 2026-07-28', () => {
  it('answers server/discover while the app is still loading, as the app server would', async () => {
    const child = spawn(process.execPath, [built.bin, '--', 'node', app('slow-start.js')], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      const params = {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
        },
      };
      const answer = new Promise<{ line: string; stderr: string }>((resolve) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve({ line: out.split('\n', 1)[0] ?? '', stderr });
        });
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params })}\n`);
      const got = await answer;
      // Before the app even imported Ink: the relay answered, not the app's server.
      expect(got.stderr).not.toContain('slow-start: importing ink now');
      expect(JSON.parse(got.line)).toEqual(
        earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'server/discover', params }),
      );
    } finally {
      child.kill();
    }
  });

  it('a client pinned to 2026-07-28 drives the unchanged app: no initialize, the same tools', async () => {
    const run = await launch(built.bin, [], ['node', app('mover.js')], {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    try {
      expect(run.client.getProtocolEra()).toBe('modern');
      const { tools } = await run.client.listTools();
      expect(tools.map((t) => t.name)).toContain('app_act');
      const press = await run.call('app.keyboard.press', { keys: ['right', 'down'] });
      expect(press.isError).toBeFalsy();
      expect(press.text).toContain('position 2,2');
    } finally {
      await run.close();
    }
  }, 60_000);
});

describe('ink-mcp launcher: an unchanged app served over stdio', () => {
  it('serves a plain-JS ESM app under the session id "app": its screen is a resource', async () => {
    const run = await launch(built.bin, [], ['node', app('mover.js')]);
    try {
      const { resources } = await run.client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['ink://app/screen', 'ink://app/tree']);
      expect(await screen(run.client)).toContain('position 1,1');
    } finally {
      await run.close();
    }
  });

  it('drives the unchanged app with the built-in keys (a stale-closure handler moves once per key); --no-builtin-tools lists only act', async () => {
    const run = await launch(built.bin, [], ['node', app('mover.js')]);
    try {
      const press = await run.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['right', 'right', 'right', 'right', 'right', 'down'] },
      });
      expect(press.isError).toBeFalsy();
      expect(JSON.stringify(press.content)).toContain('position 6,2');
    } finally {
      await run.close();
    }
    const bare = await launch(built.bin, ['--no-builtin-tools'], ['node', app('mover.js')]);
    try {
      const { tools } = await bare.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['app_act']);
      expect(await screen(bare.client)).toContain('position 1,1');
    } finally {
      await bare.close();
    }
    // Two launcher processes in one test: past the suite's 20 s with two suites at once (load ~10,
    // 2026-12-04). A bound on a stuck run, not a timing goal.
  }, 60_000);

  it('the app sees an interactive terminal of the session size (a CLI that needs one is served, not sent headless)', async () => {
    const run = await launch(
      built.bin,
      ['--columns', '60', '--rows', '12'],
      ['node', app('needs-terminal.js')],
    );
    try {
      expect(await screen(run.client)).toContain('terminal 60x12, keys:');
      const typed = await run.client.callTool({ name: 'app.keyboard.type', arguments: { text: 'hi' } });
      expect(JSON.stringify(typed.content)).toContain('keys: hi');
    } finally {
      await run.close();
    }
  });

  it('an app that loads Ink inside main() after a 10 s start: a call made at once waits for it and is applied', async () => {
    const run = await launch(built.bin, [], ['node', app('late-ink.js')]);
    try {
      const { tools } = await run.client.listTools();
      expect(tools.map((t) => t.name)).toContain('app_keyboard_type');
      // Past the launcher's 20 s (a loaded machine), the answer is "still starting, nothing ran, try
      // again": an agent tries again, as here.
      let typed: Awaited<ReturnType<typeof run.client.callTool>> | undefined;
      for (let attempt = 1; !typed; attempt++) {
        try {
          typed = await run.client.callTool({ name: 'app.keyboard.type', arguments: { text: 'ok' } });
        } catch (error) {
          if (attempt === 3 || !String(error).includes('still starting')) throw error;
        }
      }
      expect(typed.isError).toBeFalsy();
      expect(JSON.stringify(typed.content)).toContain('late app, typed: ok');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('--session names the session, and --columns/--rows size the in-memory terminal', async () => {
    const run = await launch(
      built.bin,
      ['--session', 'mover', '--columns', '40', '--rows', '8'],
      ['node', app('mover.js')],
    );
    try {
      // Ink wraps the first line at 40 columns: 15 lines in all, of which the 8-row terminal shows
      // the last 8, under a note saying so.
      const bottom = (await screen(run.client, 'mover')).split('\n');
      expect(bottom[0]).toMatch(/^\(Lines 8–15 of 15 shown \(7 above cut to the terminal's 8 rows\)/);
      expect(bottom.slice(1)).toHaveLength(8);
      expect(bottom.at(-1)).toBe('position 1,1');
      const top = (await screen(run.client, 'mover', '?offset=0')).split('\n');
      expect(top[1]).toBe('Use arrow keys to move the face. Press');
      expect(top[2]).toBe('"q" to exit.');
    } finally {
      await run.close();
    }
  });

  it('each live render() is its own session: app and app_2', async () => {
    const run = await launch(built.bin, [], ['node', app('twice.js')]);
    try {
      const { resources } = await run.client.listResources();
      expect(resources.map((r) => r.uri).sort()).toEqual([
        'ink://app/screen',
        'ink://app/tree',
        'ink://app_2/screen',
        'ink://app_2/tree',
      ]);
      expect(await screen(run.client, 'app')).toBe('first screen');
      expect(await screen(run.client, 'app_2')).toBe('second screen');
    } finally {
      await run.close();
    }
  });

  it('serves a CommonJS app that imports Ink with import()', async () => {
    const run = await launch(built.bin, [], ['node', app('dynamic-import.cjs')]);
    try {
      expect(await screen(run.client)).toBe('hello from CommonJS');
    } finally {
      await run.close();
    }
  });

  it("a CommonJS app that require()s Ink cannot load it (Node's own error): the client is told why", async () => {
    // Ink is ESM with top-level await (its layout engine), so Node refuses require('ink') on Node 20
    // and 22 alike, with or without ink-mcp. The app exits before it renders: the answer quotes it.
    const run = await launch(built.bin, [], ['node', app('require-ink.cjs')]);
    try {
      // A call (unlike the listing, answered before the app loads) needs the app.
      const refused = await run.call('app.screen.read', { offset: null }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      expect(refused).toMatch(
        /the app exited \(exit code 1\) before it answered this request\. Its last output:\n/,
      );
      expect(refused).toMatch(/ERR_REQUIRE_(ASYNC_MODULE|ESM)/);
      expect(refused).not.toContain('\x1b');
    } finally {
      await run.close();
    }
  });

  it('serves a TSX app started through wrappers (npx tsx): only the process that renders is served', async () => {
    const run = await launch(built.bin, [], ['npx', 'tsx', app('focus-list.tsx')]);
    try {
      expect(await screen(run.client)).toContain('Press Tab to move focus');
    } finally {
      await run.close();
    }
  }, 60_000); // npx, then tsx's CLI, then the app: three Node processes start
});

describe('an app with its own copy of ink', () => {
  it('is served with that copy: ink-mcp binds to the Ink (and React) the app imports', async () => {
    // What a user gets when the app (a CLI that pins its Ink) and ink-mcp resolve different copies:
    // here the app sits in a folder with a copy of its own, marked so that the test can tell them
    // apart; ink-mcp's own resolves to the repository's.
    const dir = join(repoRoot, 'node_modules', '.cache', `ink-mcp-other-ink-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    const copy = join(dir, 'node_modules', 'ink');
    cpSync(join(repoRoot, 'node_modules', 'ink'), copy, { recursive: true });
    const text = join(copy, 'build', 'components', 'Text.js');
    writeFileSync(text, `${readFileSync(text, 'utf8')}\nglobalThis.inkCopyLoaded = 'app';\n`);
    copyFileSync(app('counter.js'), join(dir, 'counter.js'));
    copyFileSync(app('which-ink.js'), join(dir, 'which-ink.js'));
    const run = await launch(built.bin, [], ['node', join(dir, 'which-ink.js')]);
    try {
      expect(await screen(run.client)).toMatch(/\d+ tests passed/);
      const read = await run.call('app.screen.read', { offset: null });
      expect(read.text).toMatch(/\d+ tests passed/);
      await vi.waitFor(() => expect(run.stderr()).toContain('ink copy: app'), { timeout: 20_000 });
      expect(run.stderr()).not.toMatch(/another copy of ink/);
    } finally {
      await run.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('an app on Ink 5 and React 18', () => {
  it('is served through the launcher: ink-mcp runs on the Ink and React the app brings', async () => {
    // The app's project as its users install it: ink 5 and react 18 of its own (here the
    // repository's npm aliases ink5 and react18, copied in), ink-mcp on Ink 6 and React 19 beside it.
    const dir = join(repoRoot, 'node_modules', '.cache', `ink-mcp-ink5-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    cpSync(join(repoRoot, 'node_modules', 'ink5'), join(dir, 'node_modules', 'ink'), { recursive: true });
    cpSync(join(repoRoot, 'node_modules', 'react18'), join(dir, 'node_modules', 'react'), {
      recursive: true,
    });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    copyFileSync(app('chat.js'), join(dir, 'chat.js'));
    copyFileSync(app('versions.js'), join(dir, 'versions.js'));
    const run = await launch(built.bin, [], ['node', join(dir, 'versions.js')]);
    try {
      await vi.waitFor(() => expect(run.stderr()).toMatch(/versions: ink 5\.\S+ react 18\.\S+/), {
        timeout: 20_000,
      });
      const typed = await run.call('app.keyboard.type', { text: 'hello' });
      expect(typed.isError).toBeFalsy();
      expect(typed.text).toContain('hello');
      const sent = await run.call('app.keyboard.press', { keys: ['enter'] });
      expect(sent.text).toContain('> hello');
      expect(run.stderr()).not.toMatch(/Invalid hook call|another copy of ink/);
    } finally {
      await run.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('answers early', () => {
  const commands: Record<string, () => string[]> = {
    'the launcher': () => [built.bin, '--', 'node', app('slow-start.js')],
    'the preload alone': () => ['--import', built.register, app('slow-start.js')],
  };
  it.each(Object.keys(commands))(
    '%s answers initialize and an unknown method (-32601) before the app has even imported Ink',
    async (which) => {
      const child = spawn(process.execPath, commands[which]!(), {
        cwd: repoRoot,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const events: string[] = [];
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        for (const line of stdout.split('\n').slice(0, -1)) {
          const id = JSON.parse(line).id;
          if (id === undefined) continue; // a notification
          if (!events.includes(`answer ${id}`)) events.push(`answer ${id}`);
        }
      });
      child.stderr.on('data', (c: Buffer) => {
        if (c.toString().includes('slow-start: importing ink now')) events.push('app imports ink');
      });
      const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
      send({ id: 1, method: 'server/discover', params: {} });
      send({
        id: 2,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'probe', version: '1' },
        },
      });
      send({ method: 'notifications/initialized' });
      send({ id: 3, method: 'resources/list' });
      await new Promise<void>((resolve) => {
        child.stdout.on('data', () => {
          if (events.includes('answer 3')) resolve();
        });
      });
      expect(events).toEqual(['answer 1', 'answer 2', 'app imports ink', 'answer 3']);
      const answers = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((m) => m.id !== undefined);
      expect(answers[0]).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method not found' },
      });
      expect(answers[1].result.serverInfo.name).toBe('ink-mcp');
      expect(answers[2].result.resources.map((r: { uri: string }) => r.uri)).toContain('ink://app/screen');
      child.stdin.end();
      expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    },
  );
});
