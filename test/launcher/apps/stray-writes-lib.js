// Everything a Node app can do to its stdout besides `process.stdout.write`, as a served app might:
// a child that inherits fd 1 (spawned, exec'd or forked), a write straight to fd 1, a pipe into process.stdout, a write big enough
// to wait for 'drain', and `process.stdout.end()` followed by more output.
import { execSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fstatSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';

export async function strayWrites() {
  const child = spawn('sh', ['-c', 'echo "stray: a child with stdio inherit"'], { stdio: 'inherit' });
  await once(child, 'exit');
  const numbered = spawn('sh', ['-c', 'echo "stray: a child given fd 1"'], { stdio: ['ignore', 1, 2] });
  await once(numbered, 'exit');
  execSync('echo "stray: execSync with stdio inherit"', { stdio: 'inherit' });
  // No execArgv: a preload given with --import would serve the child too, on the inherited stdin.
  const forked = fork(new URL('./stray-fork-child.js', import.meta.url), { execArgv: [] });
  await once(forked, 'exit');
  writeSync(1, 'stray: fs.writeSync(1)\n');
  const source = Readable.from(['stray: piped into process.stdout\n']);
  source.pipe(process.stdout);
  await once(source, 'end');
  // More than a pipe holds and than the stream's highWaterMark: write() says to wait for 'drain'.
  if (!process.stdout.write(`stray: big ${'y'.repeat(4 * 1024 * 1024)}\n`))
    await once(process.stdout, 'drain');
  process.stdout.end('stray: end()\n');
  await once(process.stdout, 'finish');
  console.log('stray: console.log after end()');
  return 'stray writes done';
}

/** Whether fd 1 is the file fd 2 is (stdout sealed at the descriptor), said in words for a screen. */
export function fd1Said() {
  const [out, err] = [fstatSync(1), fstatSync(2)];
  return out.dev === err.dev && out.ino === err.ino ? 'fd 1 is stderr' : 'fd 1 is not stderr';
}
