// Issue #41 item 4: no false success. A form in the style of ink-form edits a field in an
// ink-text-input and saves it on Enter in a key handler of its own; the field's onSubmit only ends
// the editing. `submit` must do what a person's Enter does (save), and say so when nothing changed.
import { Box, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../index.js'; // the default adapters, as an app importing ink-mcp gets
import { renderHeadless } from '../../../src/testing/index.js';

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
  return (
    <Box flexDirection="column">
      <Text>Saved name: {saved === '' ? '(empty)' : saved}</Text>
      {editing ? <TextInput value={draft} onChange={setDraft} onSubmit={() => setEditing(false)} /> : null}
    </Box>
  );
}

/** A field whose Enter does nothing at all: nothing can be seen to change. */
function Inert() {
  const [draft, setDraft] = useState('x');
  return <TextInput value={draft} onChange={setDraft} onSubmit={() => {}} />;
}

type Content = Array<{ type: string; text?: string }>;
const textOf = (result: unknown) =>
  ((result as { content: Content }).content ?? []).map((c) => c.text ?? '').join('\n');

const act = (app: Awaited<ReturnType<typeof renderHeadless>>, action: string, args = {}) =>
  app.client.callTool({ name: 'app_act', arguments: { widget: 'text_input_1', action, args } });

describe('submit on a field of a form that saves on its own Enter handler', () => {
  it('saves what was typed, as a person’s Enter does', async () => {
    const app = await renderHeadless(<Form />);
    try {
      expect(textOf(await act(app, 'type_into', { text: 'Ada' }))).toContain('Saved name: (empty)');
      const submitted = await act(app, 'submit');
      expect(submitted.isError).toBeFalsy();
      expect(textOf(submitted)).toContain('Saved name: Ada');
    } finally {
      await app.unmount();
    }
  });

  it('answers no_effect, with what a person would try, when nothing changed after Enter', async () => {
    const app = await renderHeadless(<Inert />);
    try {
      const submitted = await act(app, 'submit');
      expect(submitted.isError).toBe(true);
      const text = textOf(submitted);
      expect(text).toContain('was carried out, but its effect is not seen');
      expect(text).toContain('pressed Enter in the text input "text_input_1"');
      expect(text).toMatch(/focus\.set|keyboard\.press/);
    } finally {
      await app.unmount();
    }
  });
});
