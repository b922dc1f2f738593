import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { ConfirmDialog, Tabs, TextInput } from '../../components/index.js';
import { TodoList } from './TodoList.js';
import { addTodo, deleteTodo, editTodo, FILTERS, type Todo, toggleTodo } from './todos.js';

export interface AppProps {
  initial?: readonly Todo[];
  /** Called with the list after every change (to persist it). */
  onChange?: (todos: readonly Todo[]) => void;
  /** A line to show above the app (e.g. a corrupt file was set aside). */
  notice?: string;
}

/** A small but real todo app: an input to add, a list with a cursor, filter tabs, a footer. */
export function App({ initial = [], onChange, notice }: AppProps) {
  const [todos, setTodos] = useState<readonly Todo[]>(initial);
  const [draft, setDraft] = useState('');
  const [filterIndex, setFilterIndex] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [editText, setEditText] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const filter = FILTERS[filterIndex] ?? 'all';

  useEffect(() => onChange?.(todos), [todos, onChange]);
  const update = (next: (t: readonly Todo[]) => Todo[]) => setTodos((t) => next(t));
  const remove = (index: number) => {
    update((t) => deleteTodo(t, index));
    setCursor((c) => Math.max(0, c > index ? c - 1 : c));
  };

  const done = todos.filter((t) => t.done).length;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Todo</Text>
      {notice ? <Text color="yellow">{notice}</Text> : null}
      <TextInput
        id="new_item"
        label="New"
        placeholder="type and press Enter"
        value={draft}
        onChange={setDraft}
        onSubmit={(text) => {
          if (text.trim() === '') return;
          update((t) => addTodo(t, text.trim()));
          setDraft('');
        }}
        autoFocus
      />
      <Tabs id="filter" tabs={FILTERS} index={filterIndex} onChange={setFilterIndex} />
      <TodoList
        todos={todos}
        filter={filter}
        cursor={cursor}
        onCursor={setCursor}
        onAdd={(text) => {
          update((t) => addTodo(t, text));
          return todos.length;
        }}
        onToggle={(index) => update((t) => toggleTodo(t, index))}
        onEdit={(index, text) => update((t) => editTodo(t, index, text))}
        onAskDelete={setConfirmDelete}
        onDelete={remove}
        onStartEdit={(index) => {
          setEditing(index);
          setEditText(todos[index]?.text ?? '');
        }}
      />
      {editing !== null && (
        <TextInput
          id="edit_item"
          label={`Edit #${editing}`}
          value={editText}
          onChange={setEditText}
          onSubmit={(text) => {
            if (text.trim() !== '') update((t) => editTodo(t, editing, text.trim()));
            setEditing(null);
          }}
          autoFocus
        />
      )}
      <ConfirmDialog
        id="confirm_delete"
        open={confirmDelete !== null}
        message={`Delete "${todos[confirmDelete ?? -1]?.text ?? ''}"?`}
        destructive
        onConfirm={() => {
          if (confirmDelete !== null) remove(confirmDelete);
          setConfirmDelete(null);
        }}
        onCancel={() => setConfirmDelete(null)}
      />
      <Text dimColor>
        {todos.length} items · {todos.length - done} active · {done} done — Tab: next field · ↑↓: move ·
        Space: toggle · e: edit · d: delete · ←→: filter
      </Text>
    </Box>
  );
}
