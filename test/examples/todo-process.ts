import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const entry = fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url));

/**
 * Starts the todo example as an agent would (a child process speaking MCP on stdio), with `env` over
 * the SDK's default environment, and a client declaring `capabilities`.
 */
export async function startTodo(
  extra: string[] = [],
  env: Record<string, string> = {},
  capabilities: ClientCapabilities = {},
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', entry, '--stdio', ...extra],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'todo-test', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    // The answer starts with the handler's value as JSON (the example's actions declare no
    // outputSchema), then the screen (or the line saying it is as the last answer showed it).
    const head = text.split(/\n\nScreen[ :]/, 1)[0] ?? '';
    const value: unknown = result.isError ? undefined : JSON.parse(head);
    return { ...result, text, value };
  };
  /** A widget action through the stable surface's `todo_act`, as a model calls it. */
  const act = (widget: string, action: string, args: Record<string, unknown> = {}) =>
    call('todo_act', { widget, action, args: JSON.stringify(args) });
  return { client, call, act, pid: transport.pid, stderr: () => stderr };
}

/** Runs the todo example until it exits by itself (it refuses to start, say): its exit code and stderr. */
export function runTodoUntilExit(extra: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, '--stdio', ...extra], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
