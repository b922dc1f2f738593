/**
 * A scripted agent drives an Ink app that has no ink-mcp code at all: it starts the app through the
 * `ink-mcp` launcher (as an MCP client would: `ink-mcp -- node examples/launcher/chat.js`) and uses
 * the built-in keyboard and screen tools. No LLM involved. `npm run demo:launcher` (builds first).
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const bin = fileURLToPath(new URL('../../bin/ink-mcp.js', import.meta.url));
const app = fileURLToPath(new URL('./chat.js', import.meta.url));
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\u001B[${code}m${text}\u001B[0m` : text);

type Content = { type: string; text?: string };

async function main(): Promise<void> {
  console.log(paint(1, `$ ink-mcp -- node examples/launcher/chat.js`));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, '--', 'node', app],
    stderr: 'inherit',
  });
  const client = new Client({ name: 'ink-mcp-launcher-demo', version: '1.0.0' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  console.log(paint(1, `The agent sees ${tools.length} tools, none written by the app:`));
  for (const tool of tools) console.log(`  ${tool.name}`);

  const steps: [string, string, Record<string, unknown>][] = [
    ['Type a message, as a person would', 'app.keyboard.type', { text: 'hello from an agent' }],
    ['Send it', 'app.keyboard.press', { keys: ['enter'] }],
    ['Type a second one', 'app.keyboard.type', { text: 'no code change needed' }],
    ['Send it', 'app.keyboard.press', { keys: ['enter'] }],
    ['Read the screen', 'app.screen.read', {}],
    [
      'Quit the app (Esc): the call is answered, then the server closes',
      'app.keyboard.press',
      { keys: ['escape'] },
    ],
  ];
  for (const [n, [title, name, args]] of steps.entries()) {
    console.log(`\n${paint(1, `${n + 1}. ${title}`)}`);
    console.log(paint(36, `→ ${name} ${JSON.stringify(args)}`));
    const result = await client.callTool({ name, arguments: args });
    const [answer, ...rest] = (result.content as Content[]).map((c) => c.text ?? '');
    console.log(result.isError ? paint(31, `✗ ${answer}`) : paint(32, `← ${answer}`));
    for (const text of rest) console.log(paint(2, text));
  }
  await client.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
