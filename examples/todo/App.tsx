import { Box, Text, useFocusManager, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog, Tabs, TextInput } from '../../components/index.js';
import { TodoList } from './TodoList.js';
import { addTodo, deleteTodo, editTodo, FILTERS, type Todo, toggleTodo } from './todos.js';

export interface AppProps {
  initial?: readonly Todo[];
  /**
   * Keeps the list (in a file, say) before a change is shown or answered. Throws when it cannot: the
   * change is then not made, and the error is the agent's answer (or a line on screen for a person).
   */
  save?: (todos: readonly Todo[]) => void;
  /** A line to show above the app (e.g. a corrupt file was set aside). */
  notice?: string;
}

/** A small but real todo app: an input to add, a list with a cursor, filter tabs, a footer. */
export function App({ initial = [], save, notice }: AppProps) {
  const [todos, setTodos] = useState<readonly Todo[]>(initial);
  // The newest list, saved: several changes before React renders (an agent's calls, fast keys) build on it.
  const latest = useRef(todos);
  const [draft, setDraft] = useState('');
  const [filterIndex, setFilterIndex] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [editText, setEditText] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const { focus } = useFocusManager();
  const filter = FILTERS[filterIndex] ?? 'all';

  /** Saves, then shows: applied exactly once, or (the save threw) not at all. Answers the new list. */
  const change = (next: (t: readonly Todo[]) => Todo[]): Todo[] => {
    const list = next(latest.current);
    save?.(list);
    latest.current = list;
    setTodos(list);
    setProblem(undefined);
    return list;
  };
  /** A person's change: a failed save is shown, not thrown (there is nobody to answer). */
  const personChange = (next: (t: readonly Todo[]) => Todo[]): boolean => {
    try {
      change(next);
      return true;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return false;
    }
  };
  const remove = (index: number): Todo[] => {
    const list = change((t) => deleteTodo(t, index));
    setCursor((c) => Math.max(0, c > index ? c - 1 : c));
    return list;
  };
  // Ink ≥ 7 focuses only a focusable that is active (`focus` in ink/build/components/App.js), and
  // the list is active again only once it re-renders with editing off: give it the keys after that
  // commit. Effects run children first, so the list's own useFocus has re-activated it by then.
  const [focusList, setFocusList] = useState(false);
  useEffect(() => {
    if (!focusList) return;
    setFocusList(false);
    focus('list');
  }, [focusList, focus]);
  const stopEditing = () => {
    setEditing(null);
    setFocusList(true);
  };
  useInput(
    (_input, key) => {
      if (key.escape) stopEditing();
    },
    { isActive: editing !== null },
  );

  const done = todos.filter((t) => t.done).length;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Todo</Text>
      {notice ? <Text color="yellow">{notice}</Text> : null}
      {problem ? <Text color="red">{problem}</Text> : null}
      <TextInput
        id="new_item"
        label="New"
        placeholder="type and press Enter"
        value={draft}
        onChange={setDraft}
        onSubmit={(text) => {
          if (text.trim() !== '' && personChange((t) => addTodo(t, text.trim()))) setDraft('');
        }}
        autoFocus
      />
      <Tabs id="filter" tabs={FILTERS} index={filterIndex} onChange={setFilterIndex} />
      <TodoList
        todos={todos}
        filter={filter}
        cursor={cursor}
        editing={editing !== null}
        onCursor={setCursor}
        change={change}
        onToggle={(index) => personChange((t) => toggleTodo(t, index))}
        onAskDelete={setConfirmDelete}
        onDelete={remove}
        onStartEdit={(index) => {
          setEditing(index);
          setEditText(todos[index]?.text ?? '');
        }}
      />
      {/* After the list, so it takes focus in the commit the list gives it up (see TodoList). */}
      {editing !== null && (
        <TextInput
          id="edit_item"
          label={`Edit #${editing}`}
          value={editText}
          onChange={setEditText}
          onSubmit={(text) => {
            if (text.trim() === '' || personChange((t) => editTodo(t, editing, text.trim()))) stopEditing();
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
          if (confirmDelete !== null) {
            try {
              remove(confirmDelete);
            } catch (error) {
              // Not deleted: the dialog stays open, and the error is an agent's answer.
              setProblem(error instanceof Error ? error.message : String(error));
              throw error;
            }
          }
          setConfirmDelete(null);
          focus('list');
        }}
        onCancel={() => {
          setConfirmDelete(null);
          focus('list');
        }}
      />
      <Text dimColor>
        {todos.length} items · {todos.length - done} active · {done} done — Tab: next field · ↑↓: move ·
        Space: toggle · e: edit (Enter saves, Esc cancels) · d: delete · ←→: filter
      </Text>
    </Box>
  );
}
