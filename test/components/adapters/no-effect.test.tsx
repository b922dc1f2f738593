import * as ui from '@inkjs/ui';
import { Box, Text } from 'ink';
import InkTextInput from 'ink-text-input';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withId } from '../../../components/index.js';
import type { CallAnswer } from '../../../src/session/hub.js';
import { app, closeApps, resultOf } from '../helpers.js';

afterEach(closeApps);

/*
 * Each adapter checks its effect after React settled (`CallInfo.observe`): done when it is seen,
 * `no_effect` (applied; what happened; what to try) when it is not. Real widgets from node_modules.
 */

const UiTextInput = withId(ui.TextInput);
const UiEmailInput = withId(ui.EmailInput);
const UiPasswordInput = withId(ui.PasswordInput);
const UiSelect = withId(ui.Select);
const UiMultiSelect = withId(ui.MultiSelect);
const Field = withId(InkTextInput);

function errorOf(answer: CallAnswer) {
  if (answer.ok) throw new Error(`expected an error, got ${JSON.stringify(answer.value)}`);
  return answer.error;
}

/** A digits-only field: the app starts it over (a new instance, empty) when anything else is typed. */
function Digits() {
  const [resets, setResets] = useState(0);
  const [value, setValue] = useState('');
  return (
    <Box flexDirection="column">
      <UiTextInput
        key={resets}
        id="pin"
        onChange={(next) => (/^\d*$/.test(next) ? setValue(next) : setResets((n) => n + 1))}
      />
      <Text>
        value={value} resets={resets}
      </Text>
    </Box>
  );
}

const colors = ['red', 'green', 'blocked'].map((value) => ({ label: value.toUpperCase(), value }));

/** A Select whose app refuses one choice by starting the select over (without `id`: an automatic one). */
function Colors({ anonymous = false }: { anonymous?: boolean }) {
  const [resets, setResets] = useState(0);
  const [chosen, setChosen] = useState('red');
  return (
    <Box flexDirection="column">
      <UiSelect
        key={resets}
        {...(anonymous ? {} : { id: 'color' })}
        options={colors}
        defaultValue={chosen}
        onChange={(value) => (value === 'blocked' ? setResets((n) => n + 1) : setChosen(value))}
      />
      <Text>chosen={chosen}</Text>
    </Box>
  );
}

/** A password input the app starts over when the secret holds a "Y". */
function Pin() {
  const [resets, setResets] = useState(0);
  return <UiPasswordInput key={resets} id="pw" onChange={(v) => v.includes('Y') && setResets(resets + 1)} />;
}

const abc = ['a', 'b', 'c'].map((value) => ({ label: value.toUpperCase(), value }));

/** A MultiSelect whose submit the app shows. */
function Tags() {
  const [saved, setSaved] = useState('-');
  return (
    <Box flexDirection="column">
      <UiMultiSelect id="tags" options={abc} onSubmit={(v) => setSaved(v.join(','))} />
      <Text>saved={saved}</Text>
    </Box>
  );
}

/** A MultiSelect the app starts over on every change: no toggle stays. */
function Fixed() {
  const [resets, setResets] = useState(0);
  return (
    <UiMultiSelect
      key={resets}
      id="m"
      options={abc}
      onChange={() => setResets((n) => n + 1)}
      onSubmit={() => {}}
    />
  );
}

/** A controlled ink-text-input whose onSubmit does nothing the agent can see. */
function Quiet() {
  const [value, setValue] = useState('draft');
  return <Field id="f" value={value} onChange={setValue} onSubmit={() => {}} />;
}

describe('@inkjs/ui adapters check what the widget draws', () => {
  it('TextInput: type_into is done when the field draws the text, no_effect when the app threw it away', async () => {
    const a = app(<Digits />);
    expect(resultOf(await a.call('pin.type_into', { text: '123' }))).toBeUndefined();
    expect(resultOf(await a.call('pin.append', { text: '4' }))).toBeUndefined();
    expect(a.screen()).toContain('value=1234');
    const error = errorOf(await a.call('pin.type_into', { text: '12a' }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain(
      'erased the text input "pin" and typed 3 characters into it, but it shows "", not "12a"',
    );
    expect(error.message).toContain('The call was applied');
    expect(error.message).toContain('read the screen before trying again');
    // Not the tool's fault: however often it happens, the tool is not paused.
    for (let i = 0; i < 6; i++) await a.call('pin.append', { text: 'x' });
    expect(a.answers.slice(-6).map((answer) => (answer.ok ? 'ok' : answer.error.code))).toEqual(
      Array(6).fill('no_effect'),
    );
  });

  it('TextInput: clear is done when the field draws its placeholder', async () => {
    const a = app(<UiTextInput id="q" placeholder="Search" defaultValue="ink" onChange={() => {}} />);
    expect(resultOf(await a.call('q.clear'))).toBeUndefined();
    expect(resultOf(await a.call('q.type_into', { text: 'Search' }))).toBeUndefined();
  });

  it('EmailInput: a suggested domain drawn after the text still holds what was typed', async () => {
    const a = app(<UiEmailInput id="mail" domains={['example.com']} onChange={() => {}} />);
    expect(resultOf(await a.call('mail.type_into', { text: 'ada@exa' }))).toBeUndefined();
    expect(a.screen()).toContain('ada@example.com');
  });

  it('PasswordInput: checked by the number of masks, and the secret is in no answer', async () => {
    const SECRET = 'hunter2-XY';
    const a = app(<Pin />, { authorize: () => 'allow' });
    expect(resultOf(await a.call('pw.type_into', { text: 'hunter' }))).toBeUndefined();
    const error = errorOf(await a.call('pw.type_into', { text: SECRET }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain('it holds 0 characters, not the 10 sent');
    expect(JSON.stringify(a.answers)).not.toContain('hunter');
  });

  it('Select: done when the option draws its tick, no_effect naming what is chosen when the app refused', async () => {
    const a = app(<Colors />);
    expect(resultOf(await a.call('color.select', { value: 'green' }))).toBeUndefined();
    expect(a.screen()).toContain('chosen=green');
    const error = errorOf(await a.call('color.select', { value: 'blocked' }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain(
      'moved to "BLOCKED" in the select "color" and pressed Enter, but "BLOCKED" is not chosen: "GREEN" is',
    );
  });

  it('Select rendered without an id (an unchanged app): its automatic id reads it the same', async () => {
    const a = app(<Colors anonymous />);
    expect(a.tools()).toContain('select_1.select');
    expect(resultOf(await a.call('select_1.select', { value: 'green' }))).toBeUndefined();
    const error = errorOf(await a.call('select_1.select', { value: 'blocked' }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain('but "BLOCKED" is not chosen: "GREEN" is');
  });

  it('MultiSelect: toggle_option is checked by the tick; submit by whether anything changed', async () => {
    const a = app(<Tags />);
    expect(resultOf(await a.call('tags.toggle_option', { value: 'b' }))).toBeUndefined();
    expect(resultOf(await a.call('tags.submit'))).toBeUndefined();
    expect(a.screen()).toContain('saved=b');
    // The same Enter again changes nothing the agent can see: applied, no effect seen.
    const error = errorOf(await a.call('tags.submit'));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain('pressed Enter in the multi-select "tags", but nothing changed');
  });

  it('MultiSelect: a toggle the app throws away (it starts the widget over) is no_effect', async () => {
    const a = app(<Fixed />);
    const error = errorOf(await a.call('m.toggle_option', { value: 'b' }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain(
      'moved to "B" in the multi-select "m" and pressed Space, but it is still not chosen',
    );
  });
});

describe('adapters driven through props check the props after the call', () => {
  it('ink-text-input: submit presses Enter as a person does; when nothing changed it is a no_effect that says what to try', async () => {
    const a = app(<Quiet />);
    const error = errorOf(await a.call('f.submit'));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain(
      'pressed Enter in the text input "f", but nothing changed: it still shows "draft"',
    );
    expect(error.message).toContain('try focus.set (see focus.list) or keyboard.press');
  });

  it('ink-text-input without focus hears no keys: submit calls its onSubmit, and says when nothing changed', async () => {
    const a = app(<Field id="f" value="draft" focus={false} onChange={() => {}} onSubmit={() => {}} />);
    const note = resultOf(await a.call('f.submit'));
    expect(note).toContain('Called the onSubmit of the text input "f", and nothing on the screen changed');
    expect(note).toContain('keyboard.press with ["enter"]');
  });

  it('ink-text-input with a mask: the message names no secret', async () => {
    const a = app(<Field id="pw" value="" mask="*" onChange={() => {}} />, { authorize: () => 'allow' });
    const error = errorOf(await a.call('pw.type_into', { text: 'sw0rdfish' }));
    expect(error.code).toBe('no_effect');
    expect(error.message).toContain(
      'passed a secret of 9 characters to the onChange of the password input "pw"',
    );
    expect(error.message).toContain('it still holds 0 characters');
    expect(error.message).not.toContain('sw0rdfish');
  });
});
