/**
 * The todo example as the benches drive it, defined once: which tool performs a widget action on
 * whatever surface the server lists, and the 12-step session S3 measures (three adds, toggles, keys,
 * the edit box). The benches that time or size an agent's steps (answers, act, soak) use these.
 */
import type { Client } from '@modelcontextprotocol/client';

type Tool = { name: string };
type Content = { type: string; text?: string };

/** A listed tool whose name ends with `suffix` (`todo_act`, `todo.act`, `todo_todos_add_item`, …). */
export function toolEnding(tools: readonly Tool[], suffix: string): string {
  const pattern = new RegExp(`(^|[._])${suffix.replaceAll('.', '[._]')}$`);
  const found = tools.find((t) => pattern.test(t.name))?.name;
  if (found === undefined)
    throw new Error(`no tool ending in "${suffix}" in the listing: ${tools.map((t) => t.name).join(', ')}`);
  return found;
}

/** One call as an agent makes it: a listed tool's name and its arguments. */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * Calls that reach the todo example's actions and built-ins by what they do, whichever surface the
 * server lists: the stable surface's `act` tool (`{widget, action, args}`), else a tool per widget
 * action (the widgets surface).
 */
export function todoCalls(tools: readonly Tool[]) {
  const act = tools.some((t) => /(^|[._])act$/.test(t.name)) ? toolEnding(tools, 'act') : undefined;
  return {
    action(widget: string, action: string, args: Record<string, unknown> = {}): ToolCall {
      if (act !== undefined) return { name: act, arguments: { widget, action, args: JSON.stringify(args) } };
      return { name: toolEnding(tools, `${widget}.${action}`), arguments: args };
    },
    press(...keys: string[]): ToolCall {
      return { name: toolEnding(tools, 'keyboard.press'), arguments: { keys } };
    },
    read(): ToolCall {
      return { name: toolEnding(tools, 'screen.read'), arguments: {} };
    },
  };
}

export type TodoCalls = ReturnType<typeof todoCalls>;

/** A step of the session, and what the screen shows once it is done (checked, so a step that did nothing fails). */
export interface Step {
  what: string;
  call: (calls: TodoCalls) => ToolCall;
  shows: RegExp;
}

/**
 * S3's session on the todo example, 12 steps: three adds, a toggle, keys that move to the list and
 * toggle there, the edit box opened by a key, typed into and saved, and the "done" filter.
 */
export const TODO_SESSION: readonly Step[] = [
  { what: 'add alpha', call: (c) => c.action('todos', 'add_item', { text: 'alpha' }), shows: /\[ \] alpha/ },
  { what: 'add beta', call: (c) => c.action('todos', 'add_item', { text: 'beta' }), shows: /\[ \] beta/ },
  { what: 'add gamma', call: (c) => c.action('todos', 'add_item', { text: 'gamma' }), shows: /\[ \] gamma/ },
  { what: 'toggle beta', call: (c) => c.action('todos', 'toggle', { index: 1 }), shows: /\[x\] beta/ },
  { what: 'Tab to the filter', call: (c) => c.press('tab'), shows: /\[x\] beta/ },
  { what: 'Tab to the list', call: (c) => c.press('tab'), shows: /› \[ \] alpha/ },
  { what: '↓ to beta', call: (c) => c.press('down'), shows: /› \[x\] beta/ },
  { what: 'Space: beta active again', call: (c) => c.press('space'), shows: /› \[ \] beta/ },
  { what: 'e: the edit box', call: (c) => c.press('e'), shows: /Edit #1/ },
  {
    what: 'type into the edit box',
    call: (c) => c.action('edit_item', 'type_into', { text: 'beta two' }),
    shows: /Edit #1: ?beta two/,
  },
  { what: 'save the edit', call: (c) => c.action('edit_item', 'submit'), shows: /\[ \] beta two/ },
  {
    what: 'show the done items',
    call: (c) => c.action('filter', 'select_tab', { label: 'done' }),
    shows: /No done items/,
  },
];

/** The text of an answer as a model reads it: its text blocks, in order. */
export function answerText(content: unknown): string {
  return (content as Content[])
    .map((c) => c.text ?? '')
    .filter((t) => t !== '')
    .join('\n');
}

/** Calls `call` and fails on an error answer (a bench that measures a refusal measures nothing). */
export async function callOk(client: Client, call: ToolCall): Promise<string> {
  const result = await client.callTool(call);
  const text = answerText(result.content);
  if (result.isError) throw new Error(`${call.name} ${JSON.stringify(call.arguments)} failed: ${text}`);
  return text;
}
