/**
 * A scripted agent: starts the todo app headless (as any MCP client would), drives it through a dozen
 * steps, and prints each call, its answer, and the screen after it. No LLM involved. `npm run demo`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parseCli } from '../cli-args.js';

parseCli(
  'demo',
  `Usage: npm run demo   (or: npx tsx examples/todo/demo.ts)

Starts the todo example headless and drives it with a scripted MCP client (no LLM), printing each
call, its answer and the screen after it. Takes no arguments.
  -h, --help     print this text
`,
  { options: { help: { type: 'boolean', short: 'h' } } },
);

const entry = fileURLToPath(new URL('./index.tsx', import.meta.url));
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\u001B[${code}m${text}\u001B[0m` : text);

type Content = { type: string; text?: string };

async function main(): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', entry, '--stdio'],
    stderr: 'inherit',
  });
  const client = new Client({ name: 'ink-mcp-demo', version: '1.0.0' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  console.log(paint(1, `The agent sees ${tools.length} tools:`));
  for (const tool of tools)
    console.log(`  ${tool.name}${tool.annotations?.destructiveHint ? '  (destructive)' : ''}`);

  // The names as listed: an agent calls what tools/list shows it (`todo.todos.add_item` works too).
  const steps: [string, string, Record<string, unknown>][] = [
    ['Add a first item', 'todo_todos_add_item', { text: 'Buy oat milk' }],
    ['Add a second', 'todo_todos_add_item', { text: 'Write the README' }],
    ['Add a third', 'todo_todos_add_item', { text: 'Ship ink-mcp' }],
    ['Mark the README done', 'todo_todos_toggle', { index: 1 }],
    ['Show only active items', 'todo_filter_select_tab', { label: 'active' }],
    ['Show done items', 'todo_filter_select_tab', { label: 'done' }],
    ['Back to all', 'todo_filter_select_tab', { index: 0 }],
    ['Fix a typo', 'todo_todos_edit_item', { index: 2, text: 'Ship ink-mcp 0.1' }],
    ['Type into the input like a person', 'todo_new_item_type_into', { text: 'Call mum' }],
    ['Submit it', 'todo_new_item_submit', {}],
    ['Try an index that does not exist', 'todo_todos_toggle', { index: 9 }],
    ['Try to delete (needs a person: refused headless)', 'todo_todos_delete_item', { index: 0 }],
    ['Read the list', 'todo_todos_list', {}],
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
