/**
 * A scripted agent: starts the todo app headless (as any MCP client would), drives it through a dozen
 * steps, and prints each call, its answer, and the screen after it. No LLM involved. `npm run demo`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
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

/** `todo_act`'s arguments: the widget, the action, and the action's own arguments as JSON text. */
const act = (widget: string, action: string, args: Record<string, unknown>) => ({
  widget,
  action,
  args: JSON.stringify(args),
});

async function main(): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', entry, '--stdio'],
    stderr: 'inherit',
  });
  const client = new Client({ name: 'ink-mcp-demo', version: '1.0.0' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  console.log(paint(1, `The agent sees ${tools.length} tools (the same at every step):`));
  for (const tool of tools)
    console.log(`  ${tool.name}${tool.annotations?.readOnlyHint ? '  (read-only)' : ''}`);

  // Widget actions go through `todo_act`; every answer ends with the actions available now, or what changed in them.
  const steps: [string, string, Record<string, unknown>][] = [
    ['Add a first item', 'todo_act', act('todos', 'add_item', { text: 'Buy oat milk' })],
    ['Add a second', 'todo_act', act('todos', 'add_item', { text: 'Write the README' })],
    ['Add a third', 'todo_act', act('todos', 'add_item', { text: 'Ship ink-mcp' })],
    ['Mark the README done', 'todo_act', act('todos', 'toggle', { index: 1 })],
    ['Show only active items', 'todo_act', act('filter', 'select_tab', { label: 'active' })],
    ['Back to all', 'todo_act', act('filter', 'select_tab', { index: 0 })],
    [
      'Move to the list and open the edit box, as a person does',
      'todo_keyboard_press',
      { keys: ['tab', 'tab', 'e'] },
    ],
    [
      'Type into the edit box that just appeared',
      'todo_act',
      act('edit_item', 'type_into', { text: 'Buy oat milk x2' }),
    ],
    ['Save it', 'todo_act', act('edit_item', 'submit', {})],
    ['Try an index that does not exist', 'todo_act', act('todos', 'toggle', { index: 9 })],
    [
      'Try to delete (needs a person: refused headless)',
      'todo_act',
      act('todos', 'delete_item', { index: 0 }),
    ],
    ['Read the screen', 'todo_screen_read', {}],
  ];
  for (const [n, [title, name, args]] of steps.entries()) {
    console.log(`\n${paint(1, `${n + 1}. ${title}`)}`);
    console.log(paint(36, `→ ${name} ${JSON.stringify(args)}`));
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as Content[]).map((c) => c.text ?? '').join('\n\n');
    // The actions: the whole list first, then what changed (or one line when nothing did).
    const at = text.indexOf('\n\nActions now');
    const actions = at < 0 ? '' : text.slice(at + 2);
    const body = at < 0 ? text : text.slice(0, at);
    const [answer = '', ...rest] = body.split('\n\n');
    console.log(result.isError ? paint(31, `✗ ${answer}`) : paint(32, `← ${answer}`));
    for (const part of rest) console.log(paint(2, part));
    if (actions !== '') console.log(paint(2, actions));
  }
  await client.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
