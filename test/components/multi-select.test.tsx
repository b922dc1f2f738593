import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiSelect } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

const TOPPINGS = [
  { label: 'Cheese', value: 'cheese' },
  { label: 'Olives', value: 'olives' },
  { label: 'Basil', value: 'basil' },
];

function Pizza({ disabled = false }: { disabled?: boolean }) {
  const [chosen, setChosen] = useState<string[]>(['cheese']);
  const [sent, setSent] = useState('');
  return (
    <Box flexDirection="column">
      <MultiSelect
        id="top"
        label="Toppings"
        options={TOPPINGS}
        value={chosen}
        onChange={setChosen}
        onSubmit={(v) => setSent(v.join('+'))}
        disabled={disabled}
        autoFocus
      />
      <Text>
        chosen={chosen.join(',')} sent={sent}
      </Text>
    </Box>
  );
}

const names = (answer: unknown) =>
  (answer as { selected: { value: string }[] }).selected.map((option) => option.value);

describe('MultiSelect', () => {
  it('offers toggle_option, set_selected, get_selected and submit', async () => {
    const a = app(<Pizza />);
    expect(a.tools()).toEqual(['top.toggle_option', 'top.set_selected', 'top.get_selected', 'top.submit']);
  });

  it('is driven by an agent', async () => {
    const a = app(<Pizza />);
    await a.call('top.toggle_option', { value: 'basil' });
    expect(a.screen()).toContain('chosen=cheese,basil');
    await a.call('top.toggle_option', { value: 'cheese' });
    expect(names(resultOf(await a.call('top.get_selected')))).toEqual(['basil']);
    await a.call('top.set_selected', { values: ['basil', 'olives'] });
    expect(a.screen()).toContain('chosen=olives,basil');
    expect(resultOf(await a.call('top.get_selected'))).toEqual({
      selected: [
        { index: 1, label: 'Olives', value: 'olives' },
        { index: 2, label: 'Basil', value: 'basil' },
      ],
    });
    await a.call('top.submit');
    expect(a.screen()).toContain('sent=olives+basil');
    await a.call('top.set_selected', { values: [] });
    expect(names(resultOf(await a.call('top.get_selected')))).toEqual([]);
  });

  it('answers an error naming the values for an unknown one, and changes nothing', async () => {
    const a = app(<Pizza />);
    const answer = await a.call('top.set_selected', { values: ['basil', 'ham'] });
    expect(answer.ok ? '' : answer.error.message).toContain(
      'has no option with value "ham": the values are "cheese", "olives", "basil"',
    );
    expect(a.screen()).toContain('chosen=cheese ');
  });

  it('is used by a person: ↑/↓ move, Space toggles, Enter submits', async () => {
    const a = app(<Pizza />);
    await a.keys(KEY.down, KEY.space, KEY.down, KEY.space, KEY.up, KEY.space, KEY.enter);
    expect(a.screen()).toContain('chosen=cheese,basil sent=cheese+basil');
    expect(a.screen()).toContain('›[ ] Olives');
  });

  it('offers nothing while disabled', async () => {
    const a = app(<Pizza disabled />);
    expect(a.tools()).toEqual([]);
  });
});
