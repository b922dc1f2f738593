import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { launch } from './launch.js';

/**
 * A program served in a pseudo-terminal ends with its session, and so does everything of its process
 * group: a shell's background job that ignores SIGHUP and SIGTERM (`trap "" HUP TERM; sleep 300 &`)
 * would otherwise outlive the launcher.
 */

let built: BuiltPackage;
let dir: string;
beforeAll(async () => {
  built = await buildPackage();
  dir = mkdtempSync(join(tmpdir(), 'ink-mcp-pty-group-'));
});
afterAll(() => {
  built?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `check` holds, checked every 50 ms; rejects after `ms`, saying what did not happen. */
async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
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

/** A shell whose background job ignores the terminal closing and SIGTERM, and writes its pid to `file`. */
function stubbornJob(file: string, then: string): string[] {
  return ['sh', '-c', `trap "" HUP TERM; sleep 300 & echo $! > ${file}; echo ready; ${then}`];
}

describe('a pty program’s process group ends with the session', () => {
  const leftovers: number[] = [];
  afterAll(() => {
    // What a failing run left behind is not left on the machine.
    for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('the client goes away: the shell and its background job that ignores HUP and TERM are both gone', async () => {
    const file = join(dir, 'job-1.pid');
    const run = await launch(built.bin, [], stubbornJob(file, 'read line'));
    let pid = 0;
    try {
      await until(() => existsSync(file) && readFileSync(file, 'utf8').trim() !== '', 'the job started');
      pid = Number(readFileSync(file, 'utf8').trim());
      leftovers.push(pid);
      expect(alive(pid)).toBe(true);
    } finally {
      await run.close();
    }
    await until(() => !alive(pid), `the background job (pid ${pid}) ended`);
  });

  it('the program exits on its own: what it left running in its group ends too', async () => {
    const file = join(dir, 'job-2.pid');
    const run = await launch(built.bin, [], stubbornJob(file, 'exit 0'));
    const closed = new Promise<void>((resolve) => {
      run.client.onclose = () => resolve();
    });
    await until(() => existsSync(file) && readFileSync(file, 'utf8').trim() !== '', 'the job started');
    const pid = Number(readFileSync(file, 'utf8').trim());
    leftovers.push(pid);
    // The shell has exited: the launcher ends the session, and the job with it, then exits itself.
    await closed;
    await until(() => !alive(pid), `the background job (pid ${pid}) ended`);
  });
});
