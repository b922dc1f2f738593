/**
 * The agent loop, end to end, in the frameworks people build on: each drives the headless todo example
 * over stdio with a scripted fake of its model provider's HTTP API on 127.0.0.1. The task takes three
 * calls: add an item, open its edit box with the keyboard, type into the box. The fake makes the third
 * call only when the result of the second lists an action of the box, so the task completes only if
 * the framework hands the model what the server answered, and the tools it was given at the start
 * can do what that answer lists. Every request must offer the same fixed set of tools.
 *
 * The tests run concurrently: each starts its own app and fake, and most of the time is spent waiting
 * on them.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { createOpenAI } from '@ai-sdk/openai';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { ChatOpenAI } from '@langchain/openai';
import { Agent as MastraAgent } from '@mastra/core/agent';
import { MCPClient as MastraMCPClient } from '@mastra/mcp';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  MCPServerStdio,
  Agent as OpenAIAgent,
  OpenAIChatCompletionsModel,
  run,
  setTracingDisabled,
} from '@openai/agents';
import { generateText, stepCountIs, type ToolSet } from 'ai';
import { createAgent } from 'langchain';
import OpenAI from 'openai';
import { describe, type ExpectStatic, it, type OnTestFinishedHandler } from 'vitest';
import { startFakeGemini } from './fake-providers/gemini.js';
import { startFakeOpenAIChat } from './fake-providers/openai-chat.js';
import { startFakeOpenAIResponses } from './fake-providers/openai-responses.js';
import {
  ADDED,
  actionsOf,
  call,
  readableText,
  say,
  TODO_TOOLS,
  type Turn,
  TYPED,
  twoStepTask,
  typingAction,
} from './fake-providers/script.js';

/** The todo example, headless on stdio; no --file, so nothing persists. */
const todoServer = {
  command: process.execPath,
  args: [
    '--import',
    'tsx',
    fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url)),
    '--stdio',
  ],
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
};
const PROMPT = `Add "${ADDED}" to my todo list, then open its edit box and type "${TYPED}" into it.`;
const INSTRUCTIONS = 'You manage the user’s todo list with the todo tools.';
/** The screen line of the edit box once the text is typed in. */
const EDITED = `Edit #0: ${TYPED}`;
/** Each test starts the app (a few seconds on a loaded 2-core machine) and a framework. */
const TIMEOUT = 90_000;

/** The whole screen of a fresh todo app, line by line. */
const FRESH_SCREEN = [
  /^ Todo$/m,
  /^ ›New: type and press Enter$/m,
  /^ {2}all │ active │ done$/m,
  /^ {3}Nothing to do yet\.$/m,
  /^ 0 items · 0 active · 0 done — /m,
];

type Cleanup = (fn: OnTestFinishedHandler) => void;
/** Closes what a test started when it finishes, pass or fail. */
function closeLater(onTestFinished: Cleanup, close: () => Promise<unknown>): void {
  onTestFinished(() =>
    close().then(
      () => undefined,
      () => undefined,
    ),
  );
}

/** A temporary directory, removed when the test finishes. */
async function tempDir(onTestFinished: Cleanup, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  closeLater(onTestFinished, () => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs a command to its end (killed if the test ends first): its exit code and output. */
function runToEnd(
  onTestFinished: Cleanup,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What every framework must have sent: four requests, the same tools each time, three good results. */
function expectTaskDone(expect: ExpectStatic, turns: Turn[], prefix = ''): void {
  expect(turns.map((t) => t.toolResults.length)).toEqual([0, 1, 2, 3]);
  const offered = TODO_TOOLS.map((name) => prefix + name).sort();
  for (const turn of turns) expect([...turn.tools].sort()).toEqual(offered);
  const [added, opened, typed] = turns[3]!.toolResults;
  expect(added!.text).toContain(ADDED);
  expect(added!.text).toContain('Screen after the call');
  // The fake made the third call only because this result listed an action of the edit box.
  expect(typingAction(actionsOf('edit_item', opened!.text))).toBeDefined();
  // The third call succeeded: the box holds the typed text.
  expect(typed!.text).toContain(EDITED);
  expect(typed!.text).not.toMatch(/refused|denied|not found|unknown (widget|action)/i);
}

describe.concurrent('Vercel AI SDK (ai generateText + @ai-sdk/mcp over stdio)', () => {
  it('OpenAI Chat Completions: stopWhen stepCountIs runs the three calls and a final answer', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    const fake = await startFakeOpenAIChat(twoStepTask());
    closeLater(onTestFinished, fake.close);
    const mcp = await createMCPClient({ transport: new Experimental_StdioMCPTransport(todoServer) });
    closeLater(onTestFinished, () => mcp.close());
    const openai = createOpenAI({ baseURL: fake.baseURL, apiKey: 'fake-key' });

    const result = await generateText({
      model: openai.chat('gpt-4.1-mini'),
      // As ToolSet: CI's second leg installs the newest `ai` and `@ai-sdk/mcp`, whose releases of
      // 2026-12 type their tools against different provider-utils (the calls work; only types differ).
      tools: (await mcp.tools()) as ToolSet,
      stopWhen: stepCountIs(8),
      prompt: PROMPT,
    });

    expectTaskDone(expect, fake.turns);
    expect(result.steps).toHaveLength(4);
    expect(result.text).toMatch(/^Done/);
    const parts = result.steps.flatMap((step) => step.content);
    expect(parts.filter((p) => p.type === 'tool-error')).toEqual([]);
    const outputs = parts.flatMap((p) =>
      p.type === 'tool-result' ? [p.output as { isError?: boolean }] : [],
    );
    expect(outputs).toHaveLength(3);
    for (const output of outputs) expect(output.isError).toBeFalsy();
  });

  it('Gemini generateContent: each call gets one functionResponse part, holding the screen', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    const fake = await startFakeGemini(twoStepTask());
    closeLater(onTestFinished, fake.close);
    const mcp = await createMCPClient({ transport: new Experimental_StdioMCPTransport(todoServer) });
    closeLater(onTestFinished, () => mcp.close());
    const google = createGoogleGenerativeAI({ baseURL: fake.baseURL, apiKey: 'fake-key' });

    const result = await generateText({
      // Not a Gemini 3 model: for those the AI SDK sends one functionResponse part per text block.
      model: google('gemini-2.5-flash'),
      // As ToolSet: CI's second leg installs the newest `ai` and `@ai-sdk/mcp`, whose releases of
      // 2026-12 type their tools against different provider-utils (the calls work; only types differ).
      tools: (await mcp.tools()) as ToolSet,
      stopWhen: stepCountIs(8),
      prompt: PROMPT,
    });

    expectTaskDone(expect, fake.turns);
    expect(result.text).toMatch(/^Done/);
    const contents = fake.contents.at(-1)!;
    const calls = contents.filter((c) => c.parts.some((p) => p.functionCall));
    const responses = contents.filter((c) => c.parts.some((p) => p.functionResponse));
    expect(calls).toHaveLength(3);
    expect(responses).toHaveLength(3);
    for (const [i, response] of responses.entries()) {
      const made = calls[i]!.parts.filter((p) => p.functionCall);
      expect(made).toHaveLength(1);
      // One call, one part: a functionResponse for that call, and nothing else.
      expect(response.parts).toHaveLength(1);
      expect(response.parts[0]!.functionResponse?.name).toBe(made[0]!.functionCall!.name);
      expect(readableText(response.parts[0]!.functionResponse!.response)).toContain('Screen after the call');
    }
  });
});

describe.concurrent('LangChain (createAgent + @langchain/mcp-adapters + ChatOpenAI)', () => {
  it('runs the three calls and a final answer', { timeout: TIMEOUT }, async ({ expect, onTestFinished }) => {
    const fake = await startFakeOpenAIChat(twoStepTask());
    closeLater(onTestFinished, fake.close);
    const client = new MultiServerMCPClient({ mcpServers: { todo: { transport: 'stdio', ...todoServer } } });
    closeLater(onTestFinished, () => client.close());
    const agent = createAgent({
      model: new ChatOpenAI({
        model: 'gpt-4.1-mini',
        apiKey: 'fake-key',
        configuration: { baseURL: fake.baseURL },
      }),
      tools: await client.getTools(),
      systemPrompt: INSTRUCTIONS,
    });

    const result = await agent.invoke({ messages: [{ role: 'user', content: PROMPT }] });

    expectTaskDone(expect, fake.turns);
    expect(String(result.messages.at(-1)!.content)).toMatch(/^Done/);
    const toolMessages = result.messages.filter((m) => m.getType() === 'tool');
    expect(toolMessages).toHaveLength(3);
    for (const m of toolMessages) expect((m as { status?: string }).status).not.toBe('error');
  });
});

describe.concurrent('OpenAI Agents JS (@openai/agents, MCPServerStdio, Chat Completions)', () => {
  it('runs the three calls and a final answer; the model reads the whole screen', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    setTracingDisabled(true);
    const fake = await startFakeOpenAIChat(twoStepTask());
    closeLater(onTestFinished, fake.close);
    // Its default request timeout (5 s) is shorter than the app's start on a loaded machine: tools/list
    // waits for the first render.
    const server = new MCPServerStdio({ name: 'todo', ...todoServer, clientSessionTimeoutSeconds: 60 });
    closeLater(onTestFinished, () => server.close());
    await server.connect();
    const client = new OpenAI({ apiKey: 'fake-key', baseURL: fake.baseURL });
    const agent = new OpenAIAgent({
      name: 'todo agent',
      instructions: INSTRUCTIONS,
      model: new OpenAIChatCompletionsModel(client, 'gpt-4.1-mini'),
      mcpServers: [server],
    });

    const result = await run(agent, PROMPT, { maxTurns: 8 });

    expectTaskDone(expect, fake.turns);
    expect(String(result.finalOutput)).toMatch(/^Done/);
    // For Chat Completions, Agents joins a result's text blocks with nothing between them: the screen
    // is whole, and what follows it starts a line, only if the answer is one block.
    const added = String(fake.turns[3]!.toolResults[0]!.raw);
    expect(added).toMatch(/^ Todo$/m);
    expect(added).toMatch(/^ {3}\[ \] Buy milk #0$/m);
    expect(added).toMatch(/^ 1 items · 1 active · 0 done/m);
    expect(added).toMatch(/^Focus: /m);
    expect(added).toMatch(/^Actions now/m);
  });
});

describe.concurrent('Mastra (@mastra/core Agent + @mastra/mcp MCPClient)', () => {
  it('runs the three calls and a final answer (tool names prefixed with the server key)', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    // Mastra names each tool `<server key>_<tool name>`: todo_todo_act, …
    const fake = await startFakeOpenAIChat(twoStepTask('todo_'));
    closeLater(onTestFinished, fake.close);
    // This @mastra/mcp passes no `cwd` to the child, which inherits the test's (the repository).
    const mcp = new MastraMCPClient({
      id: 'agent-loop-test',
      servers: { todo: { command: todoServer.command, args: todoServer.args } },
    });
    closeLater(onTestFinished, () => mcp.disconnect());
    const agent = new MastraAgent({
      name: 'todo agent',
      instructions: INSTRUCTIONS,
      // An OpenAI-compatible endpoint: Mastra's model router, given a URL.
      model: { id: 'openai/gpt-4.1-mini', url: fake.baseURL, apiKey: 'fake-key' },
      tools: await mcp.getTools(),
    });

    const result = await agent.generate(PROMPT, { maxSteps: 8 });

    expectTaskDone(expect, fake.turns, 'todo_');
    expect(result.text).toMatch(/^Done/);
    expect(result.toolResults).toHaveLength(3);
  });
});

describe.concurrent('MCP SDK Client (stdio)', () => {
  it('list, call, re-list: the same three calls work, and the list does not change', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    const client = new Client({ name: 'agent-loop-test', version: '1.0.0' });
    closeLater(onTestFinished, () => client.close());
    await client.connect(new StdioClientTransport(todoServer));
    const names = async () => (await client.listTools()).tools.map((t) => t.name).sort();
    const text = (result: Awaited<ReturnType<typeof client.callTool>>) => {
      expect(result.isError).toBeFalsy();
      expect(result.content).toHaveLength(1);
      return readableText(result.content);
    };

    const before = await names();
    expect(before).toEqual([...TODO_TOOLS]);
    const added = text(
      await client.callTool({
        name: 'todo_act',
        arguments: { widget: 'todos', action: 'add_item', args: JSON.stringify({ text: ADDED }) },
      }),
    );
    expect(added).toContain(`[ ] ${ADDED} #0`);
    const opened = text(
      await client.callTool({ name: 'todo_keyboard_press', arguments: { keys: ['tab', 'tab', 'e'] } }),
    );
    expect(await names()).toEqual(before);
    const action = typingAction(actionsOf('edit_item', opened));
    expect(action).toBeDefined();
    const typed = text(
      await client.callTool({
        name: 'todo_act',
        arguments: { widget: 'edit_item', action: action!, args: JSON.stringify({ text: TYPED }) },
      }),
    );
    expect(typed).toContain(EDITED);
    expect(await names()).toEqual(before);
  });
});

describe.concurrent('CLIs', () => {
  it('mcporter call todo_screen_read prints the whole screen', { timeout: TIMEOUT }, async ({
    expect,
    onTestFinished,
  }) => {
    // A home and a working directory of its own: mcporter reads server lists from both.
    const home = await tempDir(onTestFinished, 'ink-mcp-mcporter-');
    const [node, ...args] = [todoServer.command, ...todoServer.args].map((word) => JSON.stringify(word));
    const { code, stdout, stderr } = await runToEnd(
      onTestFinished,
      process.execPath,
      [
        join(todoServer.cwd, 'node_modules/mcporter/dist/cli.js'),
        'call',
        '--stdio',
        [node, ...args].join(' '),
        '--cwd',
        todoServer.cwd,
        '--name',
        'todo',
        'todo_screen_read',
      ],
      { cwd: home, env: { PATH: process.env.PATH, HOME: home } },
    );

    expect(code, stderr).toBe(0);
    for (const line of FRESH_SCREEN) expect(stdout).toMatch(line);
    expect(stdout).toMatch(/^todos\.add_item /m);
  });

  it('Codex exec (approval_policy=never, Responses API) runs todo_screen_read and reads the whole screen', {
    timeout: TIMEOUT,
  }, async ({ expect, onTestFinished }) => {
    // The model reads the screen, then answers. With approval_policy=never Codex runs only the MCP
    // tools that declare readOnlyHint: true (it refuses the others: "requires approval").
    const fake = await startFakeOpenAIResponses((turn) => {
      if (turn.toolResults.length > 0) return say('The list is empty.');
      const read = turn.tools.find((name) => name.endsWith('.todo_screen_read'));
      return read ? call(read, {}) : say('I have no screen tool.');
    });
    closeLater(onTestFinished, fake.close);
    const home = await tempDir(onTestFinished, 'ink-mcp-codex-');
    const toml = (value: unknown) => JSON.stringify(value);
    const server = `{ command = ${toml(todoServer.command)}, args = [${todoServer.args.map(toml).join(', ')}], cwd = ${toml(todoServer.cwd)}, required = true }`;
    const { code, stdout, stderr } = await runToEnd(
      onTestFinished,
      process.execPath,
      [
        createRequire(import.meta.url).resolve('@openai/codex/bin/codex.js'),
        'exec',
        '--skip-git-repo-check',
        '-c',
        'approval_policy=never',
        '-c',
        'model_provider=fake',
        '-c',
        `model_providers.fake={ name = "fake", base_url = ${toml(fake.baseURL)}, wire_api = "responses", env_key = "FAKE_API_KEY" }`,
        // required: the first request waits for the server's tools (a server that is not required and
        // slow to list them is left out of it).
        '-c',
        `mcp_servers.todo=${server}`,
        '-m',
        'gpt-5',
        'What is on my todo list?',
      ],
      { cwd: home, env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home, FAKE_API_KEY: 'fake-key' } },
    );

    expect({ code, stdout }, stderr).toEqual({ code: 0, stdout: 'The list is empty.\n' });
    expect(fake.turns).toHaveLength(2);
    // Codex offers the MCP tools in a namespace of their own.
    expect(fake.turns[0]!.tools.filter((name) => name.startsWith('mcp__todo.')).sort()).toEqual(
      TODO_TOOLS.map((name) => `mcp__todo.${name}`),
    );
    const [read] = fake.turns[1]!.toolResults;
    expect(read!.text).not.toMatch(/requires approval/);
    for (const line of FRESH_SCREEN) expect(read!.text).toMatch(line);
  });
});
