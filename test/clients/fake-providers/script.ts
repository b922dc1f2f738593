/**
 * What a scripted fake model sees and says, whatever the provider's wire format: each request is read
 * into a Turn (the tools offered, the tool results in the conversation so far), and the script answers
 * with one tool call or a final text.
 */

export interface ToolResult {
  /** The tool's name, when the wire format carries it next to the result. */
  name?: string;
  /** The result as the model reads it, after undoing any JSON wrapping the framework added. */
  text: string;
  /** The result exactly as it came over the wire (a string, or the provider's parts). */
  raw: unknown;
}

export interface Turn {
  /** The function names offered to the model in this request, in the order sent. */
  tools: string[];
  /** Every tool result in the conversation, oldest first. */
  toolResults: ToolResult[];
}

export type Reply =
  | { type: 'call'; name: string; args: Record<string, unknown> }
  | { type: 'text'; text: string };

export type Script = (turn: Turn) => Reply;

export const call = (name: string, args: Record<string, unknown>): Reply => ({ type: 'call', name, args });
export const say = (text: string): Reply => ({ type: 'text', text });

/**
 * The text a model reads in a tool result. Frameworks often send a JSON encoding of the MCP content
 * (`[{"type":"text","text":"…"}]`): every string in it is taken, one per line.
 */
export function readableText(raw: unknown): string {
  if (typeof raw === 'string') {
    const trimmed = raw.trimStart();
    if (trimmed.startsWith('[') || trimmed.startsWith('{') || trimmed.startsWith('"')) {
      try {
        return readableText(JSON.parse(raw));
      } catch {
        return raw;
      }
    }
    return raw;
  }
  if (Array.isArray(raw)) return raw.map(readableText).join('\n');
  if (raw !== null && typeof raw === 'object') {
    const record = raw as Record<string, unknown>;
    if (typeof record.text === 'string') return readableText(record.text);
    return Object.values(record).map(readableText).join('\n');
  }
  return raw === undefined || raw === null ? '' : String(raw);
}

/** The stable surface of the todo example: every request offers exactly these. */
export const TODO_TOOLS = [
  'todo_act',
  'todo_focus_list',
  'todo_focus_next',
  'todo_focus_previous',
  'todo_focus_set',
  'todo_keyboard_press',
  'todo_keyboard_type',
  'todo_screen_read',
  'todo_screen_wait_for',
] as const;

/** The item the task adds, and the text it types into the edit box. */
export const ADDED = 'Buy milk';
export const TYPED = 'Buy oat milk';

/**
 * The actions of `widget` in a tool result's "Actions now" list (lines such as
 * `edit_item.type_into {text: string} — …`).
 */
export function actionsOf(widget: string, resultText: string): string[] {
  const at = resultText.indexOf('Actions now');
  if (at < 0) return [];
  const actions: string[] = [];
  const line = new RegExp(`^\\s*[-•*]?\\s*${widget}\\.([A-Za-z0-9_]+)`, 'gm');
  for (const match of resultText.slice(at).matchAll(line)) actions.push(match[1]!);
  // A widget's actions on one line: `widget: action {arguments} (summary), action, …`.
  const shared = new RegExp(`^\\s*${widget}: (.*)$`, 'gm');
  for (const match of resultText.slice(at).matchAll(shared))
    for (const part of match[1]!.replace(/\([^)]*\)|\{[^}]*\}/g, '').split(','))
      actions.push(part.trim().split(' ')[0]!);
  return actions;
}

/** The action that puts text into the edit box, of those listed. */
export function typingAction(actions: string[]): string | undefined {
  return actions.find((a) => a === 'type_into') ?? actions.find((a) => /type|set_value/.test(a));
}

/**
 * The two-step task: add an item, open its edit box with the keyboard, type into the box. The third
 * call is made only when the result of the second lists an action of the widget `edit_item`; then a
 * final text. The conversation decides the step (not a counter), so a retried request gets the same
 * answer. `prefix` is put before every tool name, for a framework that namespaces them by server.
 */
export function twoStepTask(prefix = ''): Script {
  return ({ toolResults }) => {
    switch (toolResults.length) {
      case 0:
        return call(`${prefix}todo_act`, {
          widget: 'todos',
          action: 'add_item',
          args: JSON.stringify({ text: ADDED }),
        });
      case 1:
        return call(`${prefix}todo_keyboard_press`, { keys: ['tab', 'tab', 'e'] });
      case 2: {
        const action = typingAction(actionsOf('edit_item', toolResults[1]!.text));
        if (action === undefined) return say('I cannot see an edit box to type into.');
        return call(`${prefix}todo_act`, {
          widget: 'edit_item',
          action,
          args: JSON.stringify({ text: TYPED }),
        });
      }
      default:
        return say('Done: the item is added and the edit box holds the new text.');
    }
  };
}
