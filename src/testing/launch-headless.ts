import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ENV } from '../util/env-names.js';

export interface LaunchHeadlessOptions {
  /** The app's command: `['node', 'app.js']`, `['npx', 'tsx', 'app.tsx']`. */
  command: readonly string[];
  /** @default process.cwd() */
  cwd?: string;
  /**
   * `true`: a plain Ink app, run under ink-mcp's launcher (`ink-mcp -- <command>`), which serves it.
   * `false`: an app that serves itself over stdio (`renderMcp`, `startMcp`). @default true
   */
  preload?: boolean;
  /** More environment for the app (the launcher's settings: `INK_MCP_SESSION`, `INK_MCP_COLUMNS`, …). */
  env?: Record<string, string>;
  /** The first session's id, for `screen()`. @default env.INK_MCP_SESSION or 'app' */
  session?: string;
  /** Declare MCP form elicitation, so that calls needing a person's yes are asked (`call`'s `consent`). @default true */
  elicitation?: boolean;
  /** @default { name: 'ink-mcp-testing', version: '0' } */
  clientInfo?: { name: string; version: string };
}

export interface CallOptions {
  /** The answers to the questions this call asks (a person's consent), in order; one not given declines. */
  consent?: readonly ElicitResult[];
}

/** An app started headless in a child process, driven by a real MCP SDK client over stdio. */
export interface HeadlessProcess {
  client: Client;
  /** Calls a tool by the name the client lists (or its canonical dotted name). */
  call(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** The session's screen, as its `ink://<session>/screen` resource reads now. */
  screen(session?: string): Promise<string>;
  /** What the app and the launcher wrote on stderr so far. */
  stderr(): string;
  /** Closes the client; the app stops as it does when its agent goes away. */
  close(): Promise<void>;
}

/**
 * Starts an app's command headless and connects a real MCP client to it, as an agent's client
 * starts a stdio server: how exported tests (`ink-mcp export-test`) and replays render "the same
 * app". Needs ink-mcp built (`dist/`), as it is when installed from npm.
 */
export async function launchHeadless(options: LaunchHeadlessOptions): Promise<HeadlessProcess> {
  const [file, ...rest] = options.command;
  if (file === undefined)
    throw new Error('ink-mcp: launchHeadless needs a command, e.g. { command: ["node", "app.js"] }.');
  const preload = options.preload ?? true;
  const env: Record<string, string> = {
    ...definedEnv(process.env),
    ...options.env,
    // A replayed session is never recorded again over its recording.
    [ENV.record]: '',
  };
  const cli = new URL('../launcher/cli.js', import.meta.url);
  if (preload && !existsSync(cli))
    throw new Error(
      `ink-mcp: launchHeadless runs the app under ink-mcp's launcher, which is not built here (${fileURLToPath(cli)} is missing). Use ink-mcp as installed from npm, or run npm run build in its repository.`,
    );
  const transport = new StdioClientTransport({
    ...(preload
      ? {
          command: process.execPath,
          args: [
            '--input-type=module',
            '-e',
            `const { main } = await import(${JSON.stringify(cli.href)}); await main(process.argv.slice(1));`,
            '--',
            '--',
            file,
            ...rest,
          ],
        }
      : { command: file, args: rest }),
    cwd: options.cwd ?? process.cwd(),
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const elicitation = options.elicitation ?? true;
  const client = new Client(options.clientInfo ?? { name: 'ink-mcp-testing', version: '0' }, {
    capabilities: elicitation ? { elicitation: { form: {} } } : {},
  });
  let answers: ElicitResult[] = [];
  if (elicitation)
    client.setRequestHandler('elicitation/create', () => answers.shift() ?? { action: 'decline' });
  await client.connect(transport);
  const session = options.session ?? options.env?.[ENV.session] ?? 'app';
  return {
    client,
    async call(name, args = {}, callOptions = {}) {
      answers = [...(callOptions.consent ?? [])];
      try {
        return (await client.callTool({ name, arguments: args })) as CallToolResult;
      } finally {
        answers = [];
      }
    },
    async screen(id = session) {
      const read = await client.readResource({ uri: `ink://${id}/screen` });
      const first = read.contents[0];
      return first && 'text' in first ? String(first.text) : '';
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** This process's environment without ink-mcp's own settings: the app gets those from `options.env` alone. */
function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('INK_MCP_'),
    ),
  );
}
