/**
 * The agent frameworks people build on, as real packages over real transports: every name they hand
 * to a model must pass OpenAI's and Anthropic's function-name rule, and what they hand back to the
 * model after a call must hold the screen (and the value).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerHandle } from '../../src/server/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { counterApp, memoryLogger } from '../server/fixtures/counter-app.js';

/** OpenAI and Anthropic function calling accept exactly these names. */
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const stdioServer = fileURLToPath(new URL('../server/fixtures/stdio-server.ts', import.meta.url));
const stdio = { command: process.execPath, args: ['--import', 'tsx', stdioServer] };

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

/** A counter app served over Streamable HTTP on 127.0.0.1. */
async function httpServer(): Promise<{ url: string; headers: Record<string, string> }> {
  const server: McpServerHandle = createMcpServer({ ...WIDGETS, logger: memoryLogger() });
  closers.push(() => server.close());
  server.attach(counterApp().session);
  const { url, token } = await server.listen();
  return { url, headers: { Authorization: `Bearer ${token}` } };
}

/** Everything a model is shown of an AI SDK tool result, as one string. */
function modelText(output: unknown): string {
  return JSON.stringify(output);
}

/** 1.x from the lock on Node 20; CI's Node 22 leg installs the newest (2.x needs Node 22). */
const aiSdkVersion = (createRequire(import.meta.url)('@ai-sdk/mcp/package.json') as { version: string })
  .version;

describe(`Vercel AI SDK (@ai-sdk/mcp ${aiSdkVersion})`, () => {
  for (const over of ['stdio', 'http'] as const) {
    it(`over ${over}: every tool name fits function calling, and the model is shown the screen`, async () => {
      const transport =
        over === 'stdio'
          ? new Experimental_StdioMCPTransport(stdio)
          : { type: 'http' as const, ...(await httpServer()) };
      const client = await createMCPClient({ transport });
      closers.push(() => client.close());
      const tools = await client.tools();
      const names = Object.keys(tools);
      expect(names).toContain('app_c_read');
      for (const name of names) expect(name).toMatch(FUNCTION_NAME);

      const tool = tools.app_c_read!;
      // `context` is required by the 2.x types and unknown to 1.x's (a variable: no excess-property check).
      const options = { toolCallId: 'call-1', messages: [], context: {} };
      // execute answers a CallToolResult here (an AsyncIterable only for streaming tools).
      const output = (await tool.execute!({}, options)) as object;
      // What the AI SDK sends to the model for this tool result (its own conversion).
      const shown = modelText(
        await tool.toModelOutput!({ toolCallId: 'call-1', input: {}, output: output as never }),
      );
      expect(shown).toContain('count is 0');
      expect(shown).toContain('Screen after the call:');
      expect(shown).toContain('c=0');

      // A tool with an outputSchema: its structured value and, in the content, the screen.
      const inc = (await tools.app_c_inc!.execute!({ by: 2 }, options)) as object;
      expect(inc).toMatchObject({ structuredContent: { count: 2 } });
      const incShown = modelText(
        await tools.app_c_inc!.toModelOutput!({ toolCallId: 'call-2', input: {}, output: inc as never }),
      );
      expect(incShown).toContain('c=2');
    });
  }
});

describe('LangChain (@langchain/mcp-adapters)', () => {
  for (const over of ['stdio', 'http'] as const) {
    it(`over ${over}: every tool name fits function calling, and the ToolMessage holds the screen`, async () => {
      const connection =
        over === 'stdio'
          ? { transport: 'stdio' as const, ...stdio }
          : { transport: 'http' as const, ...(await httpServer()) };
      const client = new MultiServerMCPClient({ mcpServers: { ink: connection } });
      closers.push(() => client.close());
      const tools = await client.getTools();
      const names = tools.map((t) => t.name);
      expect(names).toContain('app_c_read');
      for (const name of names) expect(name).toMatch(FUNCTION_NAME);

      const read = tools.find((t) => t.name === 'app_c_read')!;
      // Invoked as an agent's tool call: the ToolMessage's content is what the model reads.
      const message = await read.invoke({ name: read.name, args: {}, id: 'call-1', type: 'tool_call' });
      const shown = JSON.stringify(message.content);
      expect(shown).toContain('count is 0');
      expect(shown).toContain('Screen after the call:');
      expect(shown).toContain('c=0');

      const inc = tools.find((t) => t.name === 'app_c_inc')!;
      const incMessage = await inc.invoke({
        name: inc.name,
        args: { by: 3 },
        id: 'call-2',
        type: 'tool_call',
      });
      expect(JSON.stringify(incMessage.content)).toContain('c=3');
    });
  }
});
