import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

/** A controlled input whose parent shows what it holds and what was submitted. */
function Form({ disabled = false }: { disabled?: boolean }) {
  const [name, setName] = useState('Ada');
  const [sent, setSent] = useState('');
  return (
    <Box flexDirection="column">
      <TextInput
        id="name"
        label="Name"
        value={name}
        onChange={setName}
        onSubmit={setSent}
        disabled={disabled}
        autoFocus
      />
      <Text>
        parent={name} sent={sent}
      </Text>
    </Box>
  );
}

describe('TextInput', () => {
  it('offers type_into, append, clear, submit and get_value, named by its label', async () => {
    const a = app(<Form />);
    expect(a.tools()).toEqual([
      'name.type_into',
      'name.append',
      'name.clear',
      'name.submit',
      'name.get_value',
    ]);
    expect(a.hub.list()[0]!.description).toBe('Replace the text of the text input "Name".');
  });

  it('is driven by an agent (controlled: the parent hears every change)', async () => {
    const a = app(<Form />);
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Ada' });
    await a.call('name.type_into', { text: 'Grace' });
    expect(a.screen()).toContain('parent=Grace');
    await a.call('name.append', { text: ' Hopper' });
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Grace Hopper' });
    await a.call('name.submit');
    expect(a.screen()).toContain('sent=Grace Hopper');
    await a.call('name.clear');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: '' });
  });

  it('is typed into by a person (Backspace deletes, Enter submits), and the agent reads what they typed', async () => {
    const a = app(<Form />);
    await a.keys('!', 'x', KEY.backspace, '?', KEY.enter);
    expect(a.screen()).toContain('parent=Ada!? sent=Ada!?');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Ada!?' });
    await a.keys(KEY.up, KEY.tab, '\x1b[1;5C');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Ada!?' });
  });

  it('keeps its own text when uncontrolled, and reports changes through onChange', async () => {
    const changes: string[] = [];
    const a = app(<TextInput id="q" defaultValue="a" onChange={(v) => changes.push(v)} autoFocus />);
    await a.keys('b');
    await a.call('q.append', { text: 'c' });
    expect(resultOf(await a.call('q.get_value'))).toEqual({ value: 'abc' });
    expect(changes).toEqual(['ab', 'abc']);
    expect(a.tools()).not.toContain('q.submit');
  });

  it('offers nothing while disabled, and ignores keys', async () => {
    const a = app(<Form disabled />);
    expect(a.tools()).toEqual([]);
    await a.keys('z');
    expect(a.screen()).toContain('parent=Ada');
  });

  it('answers invalid arguments without running', async () => {
    const a = app(<Form />);
    const answer = await a.call('name.type_into', { text: 42 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(a.screen()).toContain('parent=Ada');
  });

  it('shows its placeholder while empty and a cursor while focused', async () => {
    const a = app(<TextInput id="q" placeholder="Search…" autoFocus />);
    await a.settle();
    expect(a.screen()).toBe('›Search…');
  });
});
