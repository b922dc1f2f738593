import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const runner = fileURLToPath(new URL('../../bench/run.ts', import.meta.url));
const GOALS = [
  'P1.leaf',
  'P1.tool',
  'P1.leaf.50k',
  'P1.tool.50k',
  'P1.frame',
  'P7.scale',
  'P2.memory',
  'P2.stdio',
  'P2.http',
  'P2.memory.2026',
  'P2.stdio.2026',
  'P2.http.2026',
  'P3',
  'P4',
  'P4.last',
  'M1',
  'M2',
  'P5.start',
  'T1.todo',
  'D1.launcher',
  'P6.loop',
  'P6.loop.warm',
  'P6.keys.loop',
  'M3',
  'K1',
  'S1',
  'S2',
  'S3',
  'LIST',
  'ACT',
  'ACT.floor',
];

/**
 * `npm run bench -- --quick`: every bench still runs and prints its figures (their values mean
 * nothing here), the ones that spawn servers and terminals too: a bench that crashes turns CI red.
 */
it('runs every bench in quick mode', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', runner, '--quick'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(output).not.toMatch(/FAILED|MISSING/);
  for (const goal of GOALS)
    expect(output).toMatch(new RegExp(`^${goal.replaceAll('.', '\\.')}\\s+\\S+`, 'm'));
  expect(code).toBe(0);
}, 600_000);
