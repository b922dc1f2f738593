import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { CallToolResult, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { Client, ReadBuffer, serializeMessage } from '@modelcontextprotocol/client';
import { repoRoot } from '../launcher/build.js';

export interface StdioChild {
  client: Client;
  /** The server's process (with `stdout: 'pipe'`, the shell that runs it). */
  child: ChildProcessWithoutNullStreams;
  /** Calls a tool; the answer's text content joined. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { text: string }>;
  /** Every byte the server wrote to its stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Lines of stdout that were not JSON-RPC messages (the SDK client's transport fails on them). */
  garbage(): Error[];
  /** Resolves when stderr holds `text` (bounded: rejects after `ms`). */
  stderrHas(text: string, ms?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  close(): Promise<void>;
}

/**
 * A stdio MCP server in a real child process, spoken to by the SDK's real `Client`, with every byte
 * of its stdout kept (the SDK's own StdioClientTransport does not expose them). Node's `spawn`
 * connects a child's stdio with socket pairs (libuv's `uv_socketpair`, as every Node-based MCP client
 * does); `stdout: 'pipe'` puts real pipes on the server's fd 1 and fd 2 instead (through `cat`), as a
 * Python client (`subprocess.PIPE`) or a shell would.
 */
export async function startStdioChild(
  args: string[],
  options: { stdout?: 'socket' | 'pipe'; env?: NodeJS.ProcessEnv } = {},
): Promise<StdioChild> {
  const child =
    options.stdout === 'pipe'
      ? // The server's fd 1 a pipe to one cat (to our stdout), its fd 2 a pipe to another (to our stderr).
        spawn(
          'sh',
          ['-c', '( exec 3>&1; "$0" "$@" 2>&1 >&3 3>&- | cat >&2 ) | cat', process.execPath, ...args],
          {
            cwd: repoRoot,
            env: options.env,
          },
        )
      : spawn(process.execPath, args, { cwd: repoRoot, env: options.env });
  let stdout = '';
  let stderr = '';
  const garbage: Error[] = [];
  const stderrWaiters = new Set<() => void>();
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of [...stderrWaiters]) check();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const buffer = new ReadBuffer();
  const transport: Transport = {
    start: async () => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        buffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = buffer.readMessage();
          } catch (error) {
            garbage.push(error as Error);
            continue;
          }
          if (message === null) break;
          transport.onmessage?.(message);
        }
      });
      child.once('exit', () => transport.onclose?.());
    },
    send: async (message) => {
      if (!child.stdin.destroyed) child.stdin.write(serializeMessage(message));
    },
    close: async () => {
      child.stdin.end();
    },
  };
  const client = new Client({ name: 'stdio-child-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    child,
    call: async (name, callArgs = {}) => {
      const result = (await client.callTool(
        { name, arguments: callArgs },
        {
          timeout: 30_000,
        },
      )) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      return { ...result, text };
    },
    stdout: () => stdout,
    stderr: () => stderr,
    garbage: () => garbage,
    stderrHas: (text, ms = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stderrWaiters.delete(check);
          reject(new Error(`stderr did not show ${JSON.stringify(text)} within ${ms} ms:\n${stderr}`));
        }, ms);
        const check = () => {
          if (!stderr.includes(text)) return;
          clearTimeout(timer);
          stderrWaiters.delete(check);
          resolve();
        };
        stderrWaiters.add(check);
        check();
      }),
    exited,
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
