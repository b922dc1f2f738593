// Ink 8 settles `waitUntilExit()` in the callback of an empty `stdout.write('', callback)`: these
// tests hang (and fail on the guard below) with a stdout that drops write callbacks.
import { PassThrough } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Text, useApp } from 'ink';
import { describe, expect, it } from 'vitest';
import { createMemoryTerminal } from '../../src/react/memory-terminal.js';
import { useMcpTools } from '../../src/react/use-mcp-tools.js';
import { renderMcp } from '../../src/render/render-mcp.js';

/** Rejects when `promise` is still pending after `ms`: a hang becomes a failure that says what hung. */
function settles<T>(promise: Promise<T>, what: string, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still pending after ${ms} ms`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

function Quitter() {
  const { exit } = useApp();
  useMcpTools('app', { quit: { run: () => void setTimeout(exit, 0) } });
  return <Text>running</Text>;
}

describe('renderMcp: waitUntilExit()', () => {
  it('resolves in stdio mode once the agent closes stdin', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let protocol = '';
    stdout.on('data', (chunk: Buffer) => {
      protocol += chunk.toString('utf8');
    });
    const app = await renderMcp(<Quitter />, {
      session: 'quitter',
      transport: 'stdio',
      stdin: stdin as unknown as NodeJS.ReadStream,
      stdout: stdout as unknown as NodeJS.WriteStream,
      logger: { warn: () => {} },
    });
    stdin.end();
    await settles(app.waitUntilExit(), 'waitUntilExit()');
    // The frames went to the in-memory terminal: nothing but protocol messages reached stdout.
    expect(protocol).toBe('');
  });

  it('resolves in http mode once the app exits', async () => {
    const terminal = createMemoryTerminal(80, 24);
    const stdout = Object.assign(terminal.stdout, { isTTY: true });
    const app = await renderMcp(<Quitter />, {
      session: 'quitter',
      transport: 'http',
      stdin: terminal.stdin as unknown as NodeJS.ReadStream,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: terminal.stderr as unknown as NodeJS.WriteStream,
      connectionDir: false,
      patchConsole: false, // vitest's console has no Console constructor for Ink to patch with
      logger: { warn: () => {} },
    });
    const client = new Client({ name: 'exit-test', version: '1' });
    try {
      const { url, token } = app.endpoint!;
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const quit = await client.callTool({ name: 'quitter.app.quit', arguments: {} });
      expect(quit.isError).toBeFalsy();
      await settles(app.waitUntilExit(), 'waitUntilExit()');
    } finally {
      await client.close();
      await app.unmount();
    }
  });
});
