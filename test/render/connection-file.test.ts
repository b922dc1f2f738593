import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnPty } from '@lydell/node-pty';
import { describe, expect, it } from 'vitest';
import { writeConnectionFile } from '../../src/render/connection-info.js';
import { terminalEnv, waitForOutput as waitFor } from '../helpers/person-terminal.js';

const endpoint = { url: 'http://127.0.0.1:1/mcp', token: 'secret-token', port: 1 };
const tmp = () => mkdtempSync(join(tmpdir(), 'ink-mcp-conn-'));
const written = (result: ReturnType<typeof writeConnectionFile>) => {
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('the connection file', () => {
  it('files and signals: is created 0600 even over a pre-existing 644 file of the same name', () => {
    const dir = tmp();
    const name = join(dir, `s-${process.pid}.json`);
    writeFileSync(name, 'old', { mode: 0o644 });
    const { file, remove } = written(writeConnectionFile(dir, 's', endpoint));
    expect(file).toBe(name);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      session: 's',
      pid: process.pid,
      token: 'secret-token',
    });
    remove();
    expect(existsSync(file)).toBe(false);
  });

  it('files and signals: never writes through a planted symlink', () => {
    const dir = tmp();
    const target = join(tmp(), 'victim');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(dir, `s-${process.pid}.json`));
    const { file, remove } = written(writeConnectionFile(dir, 's', endpoint));
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    remove();
  });

  it('files and signals: prunes the files of processes that are gone, keeps live ones', () => {
    const dir = tmp();
    // A pid no process has (beyond the kernel's maximum), and this process's parent (alive).
    writeFileSync(join(dir, 'old-4194305.json'), '{}');
    writeFileSync(join(dir, `live-${process.ppid}.json`), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    const { remove } = written(writeConnectionFile(dir, 's', endpoint));
    expect(readdirSync(dir).sort()).toEqual([
      `live-${process.ppid}.json`,
      'notes.txt',
      `s-${process.pid}.json`,
    ]);
    remove();
  });
});

const app = fileURLToPath(new URL('./fixtures/attached-app.tsx', import.meta.url));

/** Starts the attached fixture in a real terminal and resolves once its connection file exists. */
async function startInPty(args: string[] = []) {
  const dir = tmp();
  const crashLog = join(tmp(), 'crash.log');
  const term = spawnPty(process.execPath, ['--import', 'tsx', app, ...args], {
    cols: 80,
    rows: 24,
    cwd: process.cwd(),
    env: { ...terminalEnv(), INK_MCP_TEST_DIR: dir, INK_MCP_TEST_CRASH_LOG: crashLog },
  });
  let output = '';
  term.onData((data) => {
    output += data;
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => term.onExit(resolve));
  const deadline = Date.now() + 60_000;
  while (readdirSync(dir).length === 0) {
    if (Date.now() > deadline) throw new Error(`no connection file; output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const crash = () => (existsSync(crashLog) ? readFileSync(crashLog, 'utf8') : undefined);
  return { dir, term, exited, output: () => output, crash };
}

describe('the connection file in a real terminal', () => {
  // The terminal turns these keys into signals for an app that does not read keys (no raw mode).
  it.each([
    ['Ctrl+C in an app without useInput (a real SIGINT)', '\x03', 2],
    ['Ctrl+\\ (SIGQUIT)', '\x1c', 3],
  ])(
    'files and signals: %s removes it',
    async (_, key, expected) => {
      const { dir, term, exited, output, crash } = await startInPty();
      await waitFor(() => output().includes('counter ready'), 'no first frame', output);
      term.write(key);
      const { signal } = await exited;
      expect(signal).toBe(expected);
      expect(readdirSync(dir)).toEqual([]);
      expect(crash()).toBeUndefined();
    },
    90_000,
  );

  it('files and signals: Ctrl+C in an app that handles SIGINT itself reaches it once; the app exits as it chooses, and the file goes', async () => {
    const { dir, term, exited, output, crash } = await startInPty(['--own-sigint']);
    await waitFor(() => output().includes('counter ready'), 'no first frame', output);
    term.write('\x03');
    const { exitCode, signal } = await exited;
    expect({ exitCode, signal: signal || undefined }).toEqual({ exitCode: 0, signal: undefined });
    expect(output()).toContain('saving (SIGINT 1)');
    expect(output()).not.toContain('SIGINT 2');
    expect(readdirSync(dir)).toEqual([]);
    expect(crash()).toBeUndefined();
  }, 90_000);

  it('files and signals: an early Ctrl+C, the moment the file exists, removes it', async () => {
    const { dir, term, exited, crash } = await startInPty(['--keys']);
    term.write('\x03');
    await exited;
    expect(readdirSync(dir)).toEqual([]);
    expect(crash()).toBeUndefined();
  }, 90_000);

  it('files and signals: a terminal hang-up (SIGHUP, then EIO on every write) removes it without a crash', async () => {
    const { dir, term, exited, output, crash } = await startInPty(['--keys']);
    await waitFor(() => output().includes('counter ready'), 'no first frame', output);
    // Closes the terminal's master side, as closing a terminal window does (on node-pty's Unix
    // terminal; its typings do not declare it).
    (term as typeof term & { destroy(): void }).destroy();
    await exited;
    await waitFor(() => readdirSync(dir).length === 0, 'the file is still there', output);
    expect(crash()).toBeUndefined();
  }, 90_000);
});
