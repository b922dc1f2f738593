import { Box, Text, useFocus, useInput } from 'ink';
import { z } from 'zod';
import { useMcpTools } from '../../src/index.js';
import { checkIndex, type Filter, type Todo, visible } from './todos.js';

export interface TodoListProps {
  todos: readonly Todo[];
  filter: Filter;
  cursor: number;
  onCursor(cursor: number): void;
  onAdd(text: string): number;
  onToggle(index: number): void;
  onEdit(index: number, text: string): void;
  /** A person asked to delete (the app confirms first). */
  onAskDelete(index: number): void;
  /** An agent deletes: the authorizer has already approved this call. */
  onDelete(index: number): void;
  onStartEdit(index: number): void;
}

/** The list with a cursor, and the agent surface `todo.todos.*`. */
export function TodoList(props: TodoListProps) {
  const { todos, filter, cursor } = props;
  const shown = visible(todos, filter);
  const { isFocused } = useFocus({ id: 'list' });

  useMcpTools('todos', {
    add_item: {
      description: 'Add a todo item at the end of the list. Answers the new item and its index.',
      inputSchema: z.object({ text: z.string().trim().min(1).max(200) }),
      run: ({ text }) => {
        const index = props.onAdd(text);
        return { index, item: { text, done: false } };
      },
    },
    toggle: {
      description: 'Mark the item at this index done, or active again if it is done.',
      inputSchema: z.object({ index: z.number().int() }),
      run: ({ index }) => {
        checkIndex(todos, index);
        props.onToggle(index);
        return { index, item: { ...todos[index], done: !todos[index]?.done } };
      },
    },
    edit_item: {
      description: 'Replace the text of the item at this index.',
      inputSchema: z.object({ index: z.number().int(), text: z.string().trim().min(1).max(200) }),
      run: ({ index, text }) => {
        checkIndex(todos, index);
        props.onEdit(index, text);
        return { index, item: { ...todos[index], text } };
      },
    },
    delete_item: {
      description: 'Delete the item at this index. Needs the approval of the person at the terminal.',
      inputSchema: z.object({ index: z.number().int() }),
      annotations: { destructiveHint: true },
      run: ({ index }) => {
        checkIndex(todos, index);
        props.onDelete(index);
        return { deleted: todos[index], index };
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
