import * as ui from '@inkjs/ui';
import { Box, Text, useFocus, useInput } from 'ink';
import InkTextInput from 'ink-text-input';
import { type ReactElement, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput, withId } from '../../components/index.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';

/**
 * No false success (issue #30, item 6): an adapter's action answers done only when its effect is
 * seen; otherwise it says what it did, that it was applied, and what to try. Real Ink, real
 * third-party widgets from node_modules, a real MCP client.
 */

const UiTextInput = withId(ui.TextInput);
const Field = withId(InkTextInput);

/**
 * A form as a form library builds it: its field (an uncontrolled @inkjs/ui TextInput) reports each
 * change and its Enter to the form's store, which does not render; the form saves on its own Enter
 * handler, which listens only while the form has focus (a person tabs into it first).
 */
function TitleForm() {
  const store = useRef({ draft: '', submitted: '' });
  const [saved, setSaved] = useState('(nothing)');
  const { isFocused } = useFocus({ id: 'form' });
  useInput(
    (_input, key) => {
      if (key.return) setSaved(store.current.draft);
    },
    { isActive: isFocused },
  );
  return (
    <Box flexDirection="column">
      <Text>{isFocused ? '› Title (Enter saves)' : '  Title'}</Text>
      <UiTextInput
        id="title"
        placeholder="Untitled"
        onChange={(value) => {
          store.current.draft = value;
        }}
        onSubmit={(value) => {
          store.current.submitted = value;
        }}
      />
      <Text>Saved: {saved}</Text>
    </Box>
  );
}

/** A controlled ink-text-input whose parent takes no change while it is locked. */
function Locked({ locked }: { locked: boolean }) {
  const [name, setName] = useState('Ada');
  return (
    <Box flexDirection="column">
      <Field id="name" value={name} onChange={(next) => (locked ? undefined : setName(next))} />
      <Text>name={name}</Text>
    </Box>
  );
}

/** ink-mcp's own TextInput, controlled by a parent that ignores its onChange. */
function Frozen() {
  const [value] = useState('fixed');
  return <TextInput id="own" label="Frozen" value={value} onChange={() => {}} />;
}

const opened: HeadlessApp[] = [];
afterEach(async () => {
  for (const h of opened.splice(0)) await h.unmount();
});

async function headless(element: ReactElement) {
  const h = await renderHeadless(element, { ...WIDGETS, nameStyle: 'dotted', logger: { warn: () => {} } });
  opened.push(h);
  await h.waitForSync();
  return {
    ...h,
    async call(name: string, args: Record<string, unknown> = {}) {
      const result = (await h.client.callTool({ name: `app.${name}`, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      return { isError: result.isError === true, text: result.content[0]?.text ?? '' };
    },
  };
}

describe('no false success: an adapter answers done only when its effect is seen', () => {
  it('@inkjs/ui TextInput in a form that saves on its own Enter: submit says it took no effect, and what to try', async () => {
    const h = await headless(<TitleForm />);
    // Typing takes effect: the field draws the text, so this is done.
    const typed = await h.call('title.type_into', { text: 'Quarterly report' });
    expect(typed).toEqual({ isError: false, text: 'done' });
    expect(h.lastFrame()).toContain('Quarterly report');

    // Enter reaches the field (its onSubmit writes to the store) but not the form, which is not focused.
    const submitted = await h.call('title.submit');
    expect(submitted.isError).toBe(true);
    expect(submitted.text).toContain('"app.title.submit" was carried out, but its effect is not seen');
    expect(submitted.text).toContain('pressed Enter in the text input "title", but nothing changed');
    expect(submitted.text).toContain('it still shows "Quarterly report"');
    // Applied, so not to be repeated blindly; and what to try instead.
    expect(submitted.text).toContain('The call was applied');
    expect(submitted.text).toContain('focus.set');
    expect(submitted.text).toContain('keyboard.press');
    expect(h.lastFrame()).toContain('Saved: (nothing)');

    // Following the hint works: focus the form, then Enter saves (and the answer says done).
    expect((await h.call('focus.set', { id: 'form' })).isError).toBe(false);
    const again = await h.call('title.submit');
    expect(again).toEqual({ isError: false, text: 'done' });
    expect(h.lastFrame()).toContain('Saved: Quarterly report');
  });

  it('ink-text-input whose parent ignores onChange: type_into and clear say the field still shows the old text', async () => {
    const h = await headless(<Locked locked />);
    const typed = await h.call('name.type_into', { text: 'Grace' });
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain(
      'passed "Grace" to the onChange of the text input "name", but it still shows "Ada"',
    );
    expect(typed.text).toContain('The call was applied');
    expect(typed.text).toContain('whose onChange ignored it');
    const cleared = await h.call('name.clear');
    expect(cleared.text).toContain(
      'passed an empty text to the onChange of the text input "name", but it still shows "Ada"',
    );
    expect(h.lastFrame()).toContain('name=Ada');
  });

  it('the same field whose parent takes the change answers done', async () => {
    const h = await headless(<Locked locked={false} />);
    expect(await h.call('name.type_into', { text: 'Grace' })).toEqual({ isError: false, text: 'done' });
    expect(await h.call('name.append', { text: ' H' })).toEqual({ isError: false, text: 'done' });
    expect(h.lastFrame()).toContain('name=Grace H');
  });

  it('on the default (stable) surface the act tool answers the same, in one block with the screen', async () => {
    const h = await renderHeadless(<TitleForm />, { logger: { warn: () => {} } });
    opened.push(h);
    const act = async (action: string, args: Record<string, unknown> = {}) =>
      (await h.client.callTool({
        name: 'app_act',
        arguments: { widget: 'title', action, args: JSON.stringify(args) },
      })) as { isError?: boolean; content: { text: string }[] };
    const typed = await act('type_into', { text: 'Notes' });
    expect(typed.isError).toBeFalsy();
    expect(typed.content.map((block) => block.text).join('\n')).toContain('Saved: (nothing)');
    const submitted = await act('submit');
    expect(submitted.isError).toBe(true);
    expect(submitted.content).toHaveLength(1);
    const text = submitted.content.map((block) => block.text).join('\n');
    expect(text).toContain('"title.submit" was carried out, but its effect is not seen');
    // The screen did not change since the last answer, which showed it: said in one line.
    expect(text).toContain('Screen: as in your last answer.');
  });

  it("ink-mcp's own TextInput, controlled by a parent that ignores onChange: type_into is not done", async () => {
    const h = await headless(<Frozen />);
    const typed = await h.call('own.type_into', { text: 'other' });
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain('the text input "Frozen", but it still shows "fixed"');
  });
});
