import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../launcher/build.js';

/** Runs the fixture in a child (it patches its own process's fs and child_process). */
function runChild(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/render/fixtures/route-fd1-child.ts'], {
    cwd: repoRoot,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('routeFd1 (fd 1 a socket: writes through Node go to fd 2)', () => {
  it('routes fs and child_process writes to fd 1, keeps what util.promisify makes of them, and undoes', async () => {
    const { code, stdout, stderr } = await runChild();
    expect(code).toBe(0);
    expect(stdout).toBe('given back: writeSync(1)\n');
    for (const line of [
      'routed: named import writeSync(1)',
      'routed: writeFileSync(1)',
      'routed: spawnSync inherit',
      'routed: execFileSync [0, 1, 2]',
    ])
      expect(stderr).toContain(line);
    expect(stderr).toContain(
      'shapes: {"exec":{"stdout":"promisified\\n","stderr":""},"write":["bytesWritten","buffer"]}',
    );
  }, 30_000);
});
