import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCast } from '../../src/util/asciicast.js';
import { parseRecording } from '../../src/util/recording.js';
import { runToEnd } from '../helpers/run-to-end.js';
import { type BuiltPackage, buildPackage, repoRoot } from '../launcher/build.js';
import { app, launch } from '../launcher/launch.js';

let built: BuiltPackage;
const work = join(repoRoot, 'tmp', `launcher-record-${process.pid}`);
const file = join(work, 'mover.jsonl');

beforeAll(async () => {
  built = await buildPackage();
  mkdirSync(work, { recursive: true });
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  built?.remove();
});

function runBin(args: string[]) {
  return runToEnd(process.execPath, [built.bin, ...args], { cwd: repoRoot });
}

function recording() {
  const parsed = parseRecording(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.recording;
}

describe('ink-mcp --record, then ink-mcp replay (an unchanged Ink app under the launcher)', () => {
  it('writes the header, each call as it is answered, and the screens to <file>.cast', async () => {
    const run = await launch(built.bin, ['--record', file, '--columns', '60'], ['node', app('mover.js')]);
    try {
      expect((await run.call('app_keyboard_press', { keys: ['right', 'down'] })).text).toContain(
        'position 2,2',
      );
      // Answered, so on disk: nothing is lost if the app crashes now.
      expect(recording().calls).toHaveLength(1);
      await run.call('app_keyboard_press', { keys: ['right'] });
      await run.call('app.screen.read', {});
    } finally {
      await run.close();
    }
    const { header, open, calls } = recording();
    expect(header).toMatchObject({
      launch: { preload: true, command: ['node', app('mover.js')], env: { INK_MCP_COLUMNS: '60' } },
      cwd: resolve(repoRoot),
      session: 'app',
      columns: 60,
      rows: 30,
    });
    expect(open?.protocol).toBe('2025-11-25');
    expect(calls.map((c) => [c.seq, c.tool, c.canonical])).toEqual([
      [1, 'app_keyboard_press', 'app.keyboard.press'],
      [2, 'app_keyboard_press', 'app.keyboard.press'],
      [3, 'app.screen.read', 'app.screen.read'],
    ]);
    expect(calls[0]?.arguments).toEqual({ keys: ['right', 'down'] });
    expect(calls[1]?.screen).toContain('position 3,2');
    for (const call of calls) {
      expect(call.time).toBeGreaterThanOrEqual(0);
      expect(call.ms).toBeGreaterThanOrEqual(0);
    }
    const cast = parseCast(readFileSync(`${file}.cast`, 'utf8'));
    if (!cast.ok) throw new Error(cast.message);
    expect(cast.header).toMatchObject({ version: 2, width: 60, height: 30 });
    const frames = cast.events.map(([, code, data]) => `${code}:${data}`);
    for (const position of ['1,1', '2,2', '3,2'])
      expect(frames.some((f) => f.startsWith('o:') && f.includes(`position ${position}`))).toBe(true);
  }, 60_000);

  // asciinema itself, where it is installed (`apt install asciinema`), in a pseudo-terminal (it
  // wants one) from `script`: `play` shows the whole session, each pause cut to 50 ms.
  const player =
    spawnSync('asciinema', ['--version']).status === 0 && spawnSync('script', ['--version']).status === 0;
  it.skipIf(!player)('asciinema plays the cast', () => {
    const play = spawnSync('script', ['-qec', `asciinema play -i 0.05 '${file}.cast'`, '/dev/null'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    expect(play.status).toBe(0);
    for (const position of ['1,1', '2,2', '3,2']) expect(play.stdout).toContain(`position ${position}`);
    expect(play.stdout).not.toMatch(/Error|Traceback/);
  });

  it('--help shows the three commands', async () => {
    const help = await runBin(['--help']);
    expect(help.code).toBe(0);
    for (const line of [
      'ink-mcp --record <file> -- <command> [args…]',
      'ink-mcp export-test <file> --out <test file>',
      'ink-mcp replay <file> -- <command> [args…]',
    ])
      expect(help.stdout).toContain(line);
  });

  it('replay exits 0 when every step matches', async () => {
    const replayed = await runBin(['replay', file, '--', 'node', app('mover.js')]);
    expect(replayed.stderr).toBe('');
    expect(replayed.stdout).toBe('ink-mcp replay: all 3 steps match.\n');
    expect(replayed.code).toBe(0);
  }, 60_000);

  it('replay exits 1 with the first step that differs, and a diff, on stderr', async () => {
    // The face moves two cells right at a time: the first answer already differs.
    const changed = join(repoRoot, 'test', 'launcher', 'apps', `mover-changed-${process.pid}.js`);
    writeFileSync(
      changed,
      readFileSync(app('mover.js'), 'utf8').replace('setX(Math.min(20, x + 1))', 'setX(Math.min(20, x + 2))'),
    );
    try {
      const replayed = await runBin(['replay', file, '--', 'node', changed]);
      expect(replayed.code).toBe(1);
      expect(replayed.stdout).toBe('');
      expect(replayed.stderr).toMatch(
        /^ink-mcp replay: step 1 of 3 differs: app_keyboard_press \{"keys":\["right","down"\]\}\n/,
      );
      expect(replayed.stderr).toContain('The answer is not what was recorded (- recorded, + now):');
      expect(replayed.stderr).toContain('- position 2,2');
      expect(replayed.stderr).toContain('+ position 3,2');
    } finally {
      rmSync(changed, { force: true });
    }
  }, 60_000);

  it('says what is wrong with the command line or the file, and exits 2 or 1', async () => {
    const attach = await runBin(['--record', file, '--attach', '--', 'node', 'app.js']);
    expect(attach.code).toBe(2);
    expect(attach.stderr).toMatch(
      /^ink-mcp: --record records a headless session .* it does not work with --attach\./,
    );
    const noOut = await runBin(['export-test', file]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/^ink-mcp export-test: where should the test go\? Give --out <test file>\./);
    const missing = await runBin(['replay', join(work, 'none.jsonl')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^ink-mcp: cannot read the recording ".*none\.jsonl": ENOENT/);
    writeFileSync(join(work, 'other.jsonl'), '{"type":"something"}\n');
    const other = await runBin(['replay', join(work, 'other.jsonl')]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/is not an ink-mcp recording \(version 1\)/);
  }, 60_000);

  it('another Node process of the command that renders Ink (not served) leaves the recording alone', async () => {
    const two = join(work, 'two.jsonl');
    const run = await launch(built.bin, ['--record', two], ['node', app('record-parent.js')]);
    try {
      await run.call('app_keyboard_press', { keys: ['c'] });
      const waited = await run.call('app_screen_wait_for', {
        text: 'child exited with 0',
        timeout_ms: 20_000,
      });
      expect(waited.text).toContain('child exited with 0');
      await run.call('app_screen_read', {});
    } finally {
      await run.close();
    }
    const parsed = parseRecording(readFileSync(two, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.recording.calls.map((c) => c.canonical)).toEqual([
      'app.keyboard.press',
      'app.screen.wait_for',
      'app.screen.read',
    ]);
  }, 60_000);

  it('a file that cannot be written is said at once, before the app starts', async () => {
    const run = await runBin([
      '--record',
      join(work, 'no', 'such', 'x.jsonl'),
      '--',
      'node',
      app('mover.js'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^ink-mcp: cannot record to ".*x\.jsonl": ENOENT.*Give a file in a folder that exists/,
    );
  });

  it('a symbolic link at the recording or its cast is refused before the app starts; the targets are untouched', async () => {
    for (const which of ['link.jsonl', 'link.jsonl.cast']) {
      const target = join(work, `target-of-${which}`);
      writeFileSync(target, 'precious');
      rmSync(join(work, which), { force: true });
      symlinkSync(target, join(work, which));
      const run = await runBin(['--record', join(work, 'link.jsonl'), '--', 'node', app('mover.js')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/is a symbolic link: ink-mcp does not write through links/);
      expect(readFileSync(target, 'utf8')).toBe('precious');
      rmSync(join(work, which), { force: true });
    }
    expect(
      existsSync(join(work, 'link.jsonl')) ? statSync(join(work, 'link.jsonl')).mode & 0o777 : 0o600,
    ).toBe(0o600);
  });

  it('the preload alone records too, with the command a replay needs (its Node options, not the preload)', async () => {
    const own = join(work, 'own.jsonl');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', built.register, '--no-warnings', app('mover.js')],
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', INK_MCP_RECORD: own },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'own', version: '1' });
    await client.connect(transport);
    try {
      await client.callTool({ name: 'app_keyboard_press', arguments: { keys: ['down'] } });
    } finally {
      await client.close();
    }
    const parsed = parseRecording(readFileSync(own, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.recording.header.launch).toEqual({
      preload: true,
      command: [process.execPath, '--no-warnings', app('mover.js')],
      env: {},
    });
    expect(parsed.recording.calls[0]?.screen).toContain('position 1,2');
    const replayed = await runBin(['replay', own, '--run-recorded']);
    expect(replayed.stderr).toMatch(
      /^ink-mcp replay: running the command .* was recorded with \(--run-recorded\):\n {2}command: {5}".*node.*" "--no-warnings" ".*mover\.js"/,
    );
    expect(replayed.code).toBe(0);
  }, 60_000);

  it('a recording with no calls is not exported or replayed: there is nothing to check', async () => {
    const empty = join(work, 'empty.jsonl');
    const header = {
      type: 'header',
      version: 1,
      launch: { preload: true, command: ['node', 'a.js'], env: {} },
      cwd: work,
      session: 'app',
      columns: 80,
      rows: 24,
      time: '2026-12-07T13:00:00.000Z',
    };
    writeFileSync(empty, `${JSON.stringify(header)}\n`);
    const exported = await runBin(['export-test', empty, '--out', join(work, 'empty.test.ts')]);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toMatch(
      /has no calls: there is nothing to test\. Record a session in which the agent calls a tool\./,
    );
  });
});
