import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app, launch } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('the app exiting, and the end of input', () => {
  it('a call that makes the app exit is answered, with the last screen, before the server closes', async () => {
    const run = await launch(built.bin, [], ['node', app('pick-and-exit.js')]);
    const closed = new Promise<void>((resolve) => {
      run.client.onclose = () => resolve();
    });
    const answer = await run.call('app.choice.select', { value: 'leave' });
    expect(answer.isError, answer.text).toBeFalsy();
    expect(answer.text).toContain('picked: leave');
    expect(answer.text).toMatch(/The app exited after this call/);
    // Then the connection ends: the app's process exited (its own process.exit(0)).
    await closed;
  });

  it('a call after the app exited is refused or ends with the connection, never applied or left hanging', async () => {
    const run = await launch(built.bin, [], ['node', app('pick-and-exit.js')]);
    try {
      expect((await run.call('app.choice.select', { value: 'leave' })).text).toContain('picked: leave');
      const after = await run.call('app.choice.select', { value: 'stay' }).then(
        (r) => (r.isError ? r.text : 'applied'),
        (error: Error) => error.message,
      );
      expect(after).toMatch(/the app (exited|stopped)|is not running|Connection closed|there is no tool/);
    } finally {
      await run.close();
    }
  });

  it('a call sent as the app quits: the launcher survives the closed socket and exits with the app (0)', async () => {
    // What an agent does with ink's use-input example: press q, then read the screen at once. That
    // request reaches the app's socket as its process ends, which resets the connection.
    const child = spawn(process.execPath, [built.bin, '--', 'node', app('quit-on-q.js')], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const answers = new Map<number, string>();
    const waiting = new Map<number, () => void>();
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      for (const line of stdout.split('\n').slice(0, -1)) {
        const id = (JSON.parse(line) as { id?: number }).id;
        if (id === undefined || answers.has(id)) continue;
        answers.set(id, line);
        waiting.get(id)?.();
      }
    });
    const answered = (id: number) =>
      new Promise<void>((resolve) => {
        if (answers.has(id)) resolve();
        else waiting.set(id, resolve);
      });
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'quit', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'app.keyboard.press', arguments: { keys: ['q'] } } });
    await answered(2);
    send({ id: 3, method: 'tools/call', params: { name: 'app.screen.read', arguments: {} } });
    expect(await exit, stderr).toBe(0);
    expect(stderr).not.toMatch(/ECONNRESET|Unhandled/);
    // The late call is refused with the reason, or meets the end of the connection; never applied.
    expect(answers.get(2)).toContain('The app exited after this call');
    const late = answers.get(3);
    if (late) expect(late).toMatch(/the app (exited|stopped)/);
  });

  it('stdin EOF: the app stops and the launcher exits 0', async () => {
    const child = spawn(process.execPath, [built.bin, '--', 'node', app('chat.js')], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'eof', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/list' })}\n`);
    await new Promise<void>((resolve) => {
      child.stdout.on('data', () => {
        if (stdout.includes('"id":2')) resolve();
      });
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('ink://app/screen');
  });

  it('SIGTERM: the launcher stops the app and exits 0', async () => {
    const run = spawn(process.execPath, [built.bin, '--', 'node', app('chat.js')], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    run.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'term', version: '1' } },
    };
    run.stdin.write(`${JSON.stringify(init)}\n`);
    // A request that needs the app (a listing is answered before it loads): answered, it is running.
    run.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/list' })}\n`);
    await new Promise<void>((resolve) => {
      run.stdout.on('data', (c: Buffer) => {
        if (c.toString().includes('"id":2')) resolve();
      });
    });
    run.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|Error:/);
  });
});
