import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CallToolResult, Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The todo example headless, as an agent's client starts it: over stdio, with the MCP SDK client
 * (no elicitation: it cannot ask its user), in a connection folder of the test's own
 * (XDG_RUNTIME_DIR), where its watch file appears.
 */
export const todoEntry = fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url));
export const inkMcpBin = fileURLToPath(new URL('./ink-mcp-bin.ts', import.meta.url));

export interface HeadlessTodo {
  client: Client;
  /** XDG_RUNTIME_DIR of the app and its watchers. */
  runtimeDir: string;
  /** The connection folder (`<runtimeDir>/ink-mcp`). */
  folder: string;
  env: NodeJS.ProcessEnv;
  act(widget: string, action: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
  /** Resolves once the app's process has exited (after `client.close()`). */
  stopped(): Promise<void>;
}

export async function startHeadlessTodo(extraEnv: Record<string, string> = {}): Promise<HeadlessTodo> {
  // Short: a Unix socket's path has at most ~107 bytes.
  const runtimeDir = mkdtempSync(join(tmpdir(), 'imw-'));
  chmodSync(runtimeDir, 0o700);
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtimeDir, ...extraEnv };
  delete env.INK_MCP_WATCH;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', todoEntry, '--stdio'],
    env: env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'watch-test-agent', version: '1' });
  await client.connect(transport);
  return {
    client,
    runtimeDir,
    folder: join(runtimeDir, 'ink-mcp'),
    env,
    act: (widget, action, args) =>
      client.callTool({
        name: 'todo_act',
        arguments: { widget, action, args: JSON.stringify(args) },
      }) as Promise<CallToolResult>,
    close: async () => {
      await client.close().catch(() => {});
      rmSync(runtimeDir, { recursive: true, force: true });
    },
    stopped: () =>
      new Promise<void>((resolve) => {
        const pid = transport.pid;
        if (pid === null) return resolve();
        const check = setInterval(() => {
          try {
            process.kill(pid, 0);
          } catch {
            clearInterval(check);
            resolve();
          }
        }, 50);
      }),
  };
}

/** Resolves once `check` returns a value (polled; bounded by the test's timeout, never a fixed sleep). */
export async function until<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function watchFiles(folder: string): string[] {
  try {
    return readdirSync(folder).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}

export function text(result: CallToolResult): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}
