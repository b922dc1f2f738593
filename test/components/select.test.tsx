import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

const COLORS = [
  { label: 'Red', value: 'red' },
  { label: 'Green', value: 'green' },
  { label: 'Blue', value: 'blue' },
];

function Picker({ disabled = false }: { disabled?: boolean }) {
  const [color, setColor] = useState<string | undefined>(undefined);
  return (
    <Box flexDirection="column">
      <Select
        id="color"
        label="Color"
        options={COLORS}
        defaultValue={undefined}
        onChange={setColor}
        disabled={disabled}
        autoFocus
      />
      <Text>color={color ?? 'none'}</Text>
    </Box>
  );
}

describe('Select', () => {
  it('names its options in the description of select', async () => {
    const a = app(<Picker />);
    expect(a.tools()).toEqual(['color.select', 'color.get_options', 'color.get_selected']);
    expect(a.hub.list()[0]!.description).toBe(
      'Choose an option of the select "Color", by value or by index: "Red", "Green", "Blue".',
    );
  });

  it('is chosen by value or index by an agent, and read back', async () => {
    const a = app(<Picker />);
    expect(resultOf(await a.call('color.get_selected'))).toEqual({ selected: null });
    await a.call('color.select', { value: 'green' });
    expect(a.screen()).toContain('color=green');
    expect(a.screen()).toContain('(•) Green');
    await a.call('color.select', { index: 2 });
    expect(resultOf(await a.call('color.get_selected'))).toEqual({
      selected: { index: 2, label: 'Blue', value: 'blue' },
    });
    expect(resultOf(await a.call('color.get_options'))).toEqual({
      options: [
        { index: 0, label: 'Red', value: 'red' },
        { index: 1, label: 'Green', value: 'green' },
        { index: 2, label: 'Blue', value: 'blue' },
      ],
      selected: 2,
    });
  });

  it('answers an error naming what is allowed for an unknown value, a bad index, or both/neither', async () => {
    const a = app(<Picker />);
    const unknown = await a.call('color.select', { value: 'pink' });
    expect(unknown).toMatchObject({ ok: false, fault: false, error: { code: 'action_refused' } });
    expect(unknown.ok ? '' : unknown.error.message).toContain(
      'has no option with value "pink": the values are "red", "green", "blue"',
    );
    const bad = await a.call('color.select', { index: 3 });
    expect(bad.ok ? '' : bad.error.message).toContain('no option at index 3: valid indexes are 0 to 2');
    const both = await a.call('color.select', { index: 0, value: 'red' });
    expect(both.ok ? '' : both.error.message).toContain('give either "value" or "index"');
    expect(a.screen()).toContain('color=none');
  });

  it('is used by a person: ↑/↓ move the highlight, Enter chooses', async () => {
    const a = app(<Picker />);
    await a.keys(KEY.down, KEY.down, KEY.down, KEY.up);
    expect(a.screen()).toContain('›( ) Green');
    await a.keys(KEY.enter);
    expect(a.screen()).toContain('color=green');
    expect(resultOf(await a.call('color.get_selected'))).toMatchObject({ selected: { index: 1 } });
  });

  it('offers nothing while disabled', async () => {
    const a = app(<Picker disabled />);
    expect(a.tools()).toEqual([]);
  });

  it('matches a number value sent as text', async () => {
    const a = app(
      <Select
        id="n"
        options={[
          { label: 'One', value: 1 },
          { label: 'Two', value: 2 },
        ]}
      />,
    );
    await a.call('n.select', { value: '2' });
    expect(resultOf(await a.call('n.get_selected'))).toEqual({
      selected: { index: 1, label: 'Two', value: 2 },
    });
  });
});
