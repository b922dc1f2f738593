import { Box, Text, useFocus, useInput } from 'ink';
import { z } from 'zod';
import { useMcpTools } from '../../src/index.js';
import { addTodo, checkIndex, editTodo, type Filter, type Todo, toggleTodo, visible } from './todos.js';

export interface TodoListProps {
  todos: readonly Todo[];
  filter: Filter;
  cursor: number;
  /** The edit box is open: the list gives up focus (and takes it back when told, as Ink's id `list`). */
  editing: boolean;
  onCursor(cursor: number): void;
  /** Saves and shows a change, answering the new list; throws (nothing changed) when it cannot save. */
  change(next: (todos: readonly Todo[]) => Todo[]): Todo[];
  /** A person toggled an item. */
  onToggle(index: number): void;
  /** A person asked to delete (the app confirms first). */
  onAskDelete(index: number): void;
  /** An agent deletes (the authorizer has already approved this call); answers the new list. */
  onDelete(index: number): Todo[];
  onStartEdit(index: number): void;
}

// The argument schemas, made once: a zod schema built inside the component is a new object in every
// render, which zod builds and ink-mcp converts and compares again each time (bench/README.md, ACT).
const ITEM_TEXT = z.string().trim().min(1).max(200);
const INDEX = z.object({ index: z.number().int() });
const NEW_ITEM = z.object({ text: ITEM_TEXT });
const EDITED_ITEM = z.object({ index: z.number().int(), text: ITEM_TEXT });

/** The list with a cursor, and the agent surface `todo.todos.*`. */
export function TodoList(props: TodoListProps) {
  const { todos, filter, cursor, change } = props;
  const shown = visible(todos, filter);
  // While editing, the list is not focusable, so the edit box (rendered after it) can take focus.
  const { isFocused } = useFocus({ id: 'list', isActive: !props.editing });

  // Every answer comes from the list as saved: a call whose save fails throws before it answers.
  useMcpTools('todos', {
    add_item: {
      description: 'Add a todo item at the end of the list. Answers the new item and its index.',
      inputSchema: NEW_ITEM,
      run: ({ text }) => {
        const list = change((t) => addTodo(t, text));
        return { index: list.length - 1, item: list.at(-1) };
      },
    },
    toggle: {
      description: 'Mark the item at this index done, or active again if it is done.',
      inputSchema: INDEX,
      run: ({ index }) => {
        checkIndex(todos, index);
        return { index, item: change((t) => toggleTodo(t, index))[index] };
      },
    },
    edit_item: {
      description: 'Replace the text of the item at this index.',
      inputSchema: EDITED_ITEM,
      run: ({ index, text }) => {
        checkIndex(todos, index);
        return { index, item: change((t) => editTodo(t, index, text))[index] };
      },
    },
    delete_item: {
      description: 'Delete the item at this index. Needs the approval of the person at the terminal.',
      inputSchema: INDEX,
      annotations: { destructiveHint: true },
      // What the person approves: the item as it is when they are asked (checked again before it runs).
      confirmation: ({ index }) => `Delete ${JSON.stringify(todos[index]?.text ?? `item ${index}`)}`,
      run: ({ index }) => {
        checkIndex(todos, index);
        const deleted = todos[index];
        props.onDelete(index);
        return { deleted, index };
      },
    },
    list: {
      description: `List every item with its index and state (the screen shows the "${filter}" filter).`,
      run: () => ({ items: todos.map((t, index) => ({ index, ...t })), filter }),
    },
  });

  useInput(
    (input, key) => {
      const at = shown.findIndex((s) => s.index === cursor);
      if (key.upArrow) props.onCursor(shown[Math.max(0, at - 1)]?.index ?? cursor);
      else if (key.downArrow) props.onCursor(shown[Math.min(shown.length - 1, at + 1)]?.index ?? cursor);
      else if (at < 0) return;
      else if (input === ' ' || key.return) props.onToggle(cursor);
      else if (input === 'd') props.onAskDelete(cursor);
      else if (input === 'e') props.onStartEdit(cursor);
    },
    { isActive: isFocused },
  );

  if (shown.length === 0) {
    return <Text dimColor>{todos.length === 0 ? '  Nothing to do yet.' : `  No ${filter} items.`}</Text>;
  }
  return (
    <Box flexDirection="column">
      {shown.map(({ todo, index }) => (
        <Text key={index} color={isFocused && index === cursor ? 'cyan' : undefined}>
          {isFocused && index === cursor ? '› ' : '  '}
          {todo.done ? '[x] ' : '[ ] '}
          <Text strikethrough={todo.done} dimColor={todo.done}>
            {todo.text}
          </Text>
          <Text dimColor> #{index}</Text>
        </Text>
      ))}
    </Box>
  );
}
