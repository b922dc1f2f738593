import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Checkbox,
  MultiSelect,
  PasswordInput,
  ScrollView,
  Select,
  Table,
  Tabs,
  TextInput,
} from '../../components/index.js';
import type { CallAnswer } from '../../src/session/hub.js';
import { app, closeApps, resultOf } from './helpers.js';

afterEach(closeApps);

/*
 * ink-mcp's own widgets set their state through a controller: always taken when the widget keeps
 * it, but a controlled widget's parent may ignore the change. The state drawn after the call says
 * which; `no_effect` names what was passed and what the widget still holds.
 */

function errorOf(answer: CallAnswer) {
  if (answer.ok) throw new Error(`expected an error, got ${JSON.stringify(answer.value)}`);
  expect(answer.error.code).toBe('no_effect');
  expect(answer.error.message).toContain('The call was applied');
  expect(answer.error.message).toMatch(/whose (onChange|handler) ignored it/);
  return answer.error;
}

const xy = ['x', 'y'].map((value) => ({ label: value.toUpperCase(), value }));
const noop = () => {};

/** Every controllable widget, controlled by a parent that takes no change. */
function Ignoring() {
  return (
    <Box flexDirection="column">
      <TextInput id="name" value="Ada" onChange={noop} />
      <PasswordInput id="pw" value="" onChange={noop} />
      <Select id="s" options={xy} value="x" onChange={noop} />
      <MultiSelect id="m" options={xy} value={['x']} onChange={noop} />
      <Checkbox id="c" label="Dark" checked={false} onChange={noop} />
      <Tabs id="t" tabs={['One', 'Two']} index={0} onChange={noop} />
      <Table
        id="tb"
        columns={[{ key: 'n' }]}
        rows={[{ n: 'a' }, { n: 'b' }]}
        selectedIndex={0}
        onSelect={noop}
        sort={{ column: 'n', direction: 'asc' }}
        onSortChange={noop}
      />
      <ScrollView id="sv" height={1} offset={0} onScroll={noop}>
        <Text>row 0</Text>
        <Text>row 1</Text>
      </ScrollView>
    </Box>
  );
}

/** The same widgets keeping their own state: every change is taken. */
function Keeping() {
  const [checked, setChecked] = useState(false);
  return (
    <Box flexDirection="column">
      <TextInput id="name" defaultValue="Ada" />
      <Select id="s" options={xy} />
      <MultiSelect id="m" options={xy} />
      <Checkbox id="c" label="Dark" checked={checked} onChange={setChecked} />
      <Tabs id="t" tabs={['One', 'Two']} />
      <Table id="tb" columns={[{ key: 'n' }]} rows={[{ n: 'a' }, { n: 'b' }]} />
      <ScrollView id="sv" height={1}>
        <Text>row 0</Text>
        <Text>row 1</Text>
      </ScrollView>
    </Box>
  );
}

describe("ink-mcp's own widgets answer done only when the change was taken", () => {
  it('a parent that ignores every change: each action says what it passed and what is still there', async () => {
    const a = app(<Ignoring />, { authorize: () => 'allow' });
    expect(errorOf(await a.call('name.type_into', { text: 'Grace' })).message).toContain(
      'passed "Grace" to the onChange of the text input "name", but it still shows "Ada"',
    );
    expect(errorOf(await a.call('name.append', { text: '!' })).message).toContain('but it still shows "Ada"');
    expect(errorOf(await a.call('pw.type_into', { text: 'secret-1' })).message).toContain(
      'passed a secret of 8 characters to the onChange of the password input "pw", but it still holds 0 characters',
    );
    expect(errorOf(await a.call('s.select', { value: 'y' })).message).toContain(
      'passed "Y" to the onChange of the select "s", but "Y" is not chosen: "X" is',
    );
    expect(errorOf(await a.call('m.set_selected', { values: ['y'] })).message).toContain(
      'passed the choice "Y" to the onChange of the multi-select "m", but the chosen are "X"',
    );
    expect(errorOf(await a.call('m.toggle_option', { value: 'x' })).message).toContain(
      'but it is still chosen',
    );
    expect(errorOf(await a.call('c.toggle')).message).toContain(
      'passed checked to the onChange of the checkbox "Dark", but it is still unchecked',
    );
    expect(errorOf(await a.call('t.select_tab', { label: 'Two' })).message).toContain(
      'passed the tab "Two" to the onChange of the tab bar "t", but "One" is still active',
    );
    expect(errorOf(await a.call('tb.select_row', { index: 1 })).message).toContain(
      'passed row 1 to the onSelect of the table "tb", but row 0 is selected',
    );
    expect(errorOf(await a.call('tb.sort', { column: 'n', direction: 'desc' })).message).toContain(
      'passed the sort by "n" (desc) to the onSortChange of the table "tb", but it is sorted by "n" (asc)',
    );
    expect(errorOf(await a.call('sv.scroll_to', { row: 1 })).message).toContain(
      'but row 1 is not in view (the first row shown is 0)',
    );
    // Asking for what is already there is done.
    expect(resultOf(await a.call('s.select', { value: 'x' }))).toBeUndefined();
    expect(resultOf(await a.call('c.set', { checked: false }))).toBeUndefined();
  });

  it('widgets that keep their state (or a parent that takes it): every action is done', async () => {
    const a = app(<Keeping />);
    const calls: [string, Record<string, unknown>][] = [
      ['name.type_into', { text: 'Grace' }],
      ['name.append', { text: '!' }],
      ['name.clear', {}],
      ['s.select', { value: 'y' }],
      ['m.toggle_option', { value: 'y' }],
      ['m.set_selected', { values: ['x'] }],
      ['c.toggle', {}],
      ['c.set', { checked: false }],
      ['t.select_tab', { index: 1 }],
      ['tb.select_row', { index: 1 }],
      ['tb.sort', { column: 'n', direction: 'desc' }],
      ['sv.scroll_to', { row: 1 }],
    ];
    for (const [name, args] of calls) expect(resultOf(await a.call(name, args)), name).toBeUndefined();
  });
});
