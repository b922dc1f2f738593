// An unchanged Ink app with an ink-text-input whose Enter is another handler's business (issue #41,
// item 4). `form`: a form that saves the field in a key handler of its own on Enter, as ink-form
// does, while the field's onSubmit only ends the editing. `inert`: a field whose Enter does nothing
// at all. `submit` must do what a person's Enter does, and say so when nothing changed.
import { Box, render, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { createElement as h, useState } from 'react';

function Form() {
  const [saved, setSaved] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(true);
  useInput((_input, key) => {
    if (editing && key.return) {
      setSaved(draft);
      setEditing(false);
    }
  });
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, `Saved name: ${saved === '' ? '(empty)' : saved}`),
    editing ? h(TextInput, { value: draft, onChange: setDraft, onSubmit: () => setEditing(false) }) : null,
  );
}

function Inert() {
  const [draft, setDraft] = useState('x');
  return h(
    Box,
    null,
    h(Text, null, 'Note: '),
    h(TextInput, { value: draft, onChange: setDraft, onSubmit: () => {} }),
  );
}

render(h(process.argv[2] === 'inert' ? Inert : Form));
