import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { initializeRequest } from '../helpers/initialize.js';
import { texts } from './helpers.js';

const fixture = fileURLToPath(new URL('./fixtures/stdio-server.ts', import.meta.url));
const nodeArgs = ['--import', 'tsx', fixture];

describe('stdio', () => {
  it('lists and calls tools with an SDK client over a child process', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: nodeArgs, stderr: 'pipe' });
    const errors: Error[] = [];
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    transport.onerror = (error) => errors.push(error);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('app_c_inc');
      const result = await client.callTool({ name: 'app.c.inc', arguments: { by: 2 } });
      expect(result.structuredContent).toEqual({ count: 2 });
      expect(texts(result)).toContain('Screen after the call:\nc=2');
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
    expect(stderr).toMatch(/ink-mcp: a second session with id "app" was not attached/);
  });

  it('writes only protocol messages to stdout, and exits on its own when stdin ends', async () => {
    const child = spawn(process.execPath, nodeArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send(initializeRequest());
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'app.c.read', arguments: {} } });
    // Wait for both answers before hanging up, so the exit is caused by EOF alone.
    while ((stdout.match(/\n/g) ?? []).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(lines.map((l) => JSON.parse(l).id)).toEqual([1, 2]);
    expect(stderr).toMatch(/ink-mcp: /);
  });

  it('never crashes with EPIPE when the client stops reading: answers and list_changed written after it left are dropped', async () => {
    const child = spawn(process.execPath, nodeArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send(initializeRequest());
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    while (!stdout.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 20));
    // The client goes away: its end of the server's stdout closes, then it sends calls whose answers
    // (and the list_changed that `grow` causes) can only be written into a broken pipe.
    child.stdout.destroy();
    for (let id = 2; id < 6; id++)
      send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'app.c.grow', arguments: {} } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.end();
    expect(await exited).toBe(0);
    // Said once, as a log line; no stack trace of an unhandled error.
    expect(stderr).toMatch(/ink-mcp: the stdio client went away \(write EPIPE\)/);
    expect(stderr).not.toMatch(/^\s+at |Unhandled|uncaught/im);
  });
});
