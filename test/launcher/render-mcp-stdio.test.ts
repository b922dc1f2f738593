import { spawn } from 'node:child_process';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe("renderMcp({ transport: 'stdio' })", () => {
  it("keeps stdout for the protocol: the app's console.log and escape codes go to stderr", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', app('render-mcp-noisy.tsx')],
      cwd: repoRoot,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const client = new Client({ name: 'noisy', version: '1' });
    // The SDK client fails on a line of stdout that is not JSON-RPC: every call below proves none came.
    let protocolError: Error | undefined;
    client.onerror = (error) => {
      protocolError = error;
    };
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: 'noisy.counter.inc', arguments: {} })) as CallToolResult;
      expect(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')).toContain('Count: 1');
      expect(protocolError).toBeUndefined();
      expect(stderr).toContain('render-mcp-noisy: count is 1');
      expect(stderr).toContain('\u001B[?1049h');
    } finally {
      await client.close();
    }
  });

  it('under the ink-mcp preload it refuses to serve a second time, saying how to run it', async () => {
    const child = spawn(
      process.execPath,
      ['--import', built.register, '--import', 'tsx', app('render-mcp-noisy.tsx')],
      { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('ink-mcp: this app serves itself over stdio (renderMcp)');
  });
});
