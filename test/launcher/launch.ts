import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { repoRoot } from './build.js';

export const app = (name: string) => fileURLToPath(new URL(`./apps/${name}`, import.meta.url));

export interface Launched {
  client: Client;
  /** Calls a tool; the answer's text content joined. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { text: string }>;
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Starts `ink-mcp [flags] -- <command…>` as an MCP client starts a stdio server: a child process,
 * with the SDK's default environment (no NODE_ENV), spoken to by the real SDK client.
 */
export async function launch(
  bin: string,
  flags: string[],
  command: string[],
  clientOptions?: ConstructorParameters<typeof Client>[1],
  /** Variables over the SDK's default environment (the launcher's settings, `INK_MCP_…`). */
  env?: Record<string, string>,
): Promise<Launched> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...flags, '--', ...command],
    cwd: repoRoot,
    stderr: 'pipe',
    ...(env ? { env: { ...getDefaultEnvironment(), ...env } } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'launcher-test', version: '1.0.0' }, clientOptions);
  await client.connect(transport);
  return {
    client,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      return { ...result, text };
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The screen resource of a session, as plain text. */
export async function screen(client: Client, session = 'app', query = ''): Promise<string> {
  const read = await client.readResource({ uri: `ink://${session}/screen${query}` });
  const first = read.contents[0];
  return first && 'text' in first ? String(first.text) : '';
}
