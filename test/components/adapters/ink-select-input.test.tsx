import { Box, Text } from 'ink';
import InkSelectInput from 'ink-select-input';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withId } from '../../../components/index.js';
import type { McpTypeMap } from '../../../src/react/index.js';
import { defaultTypeMap } from '../../../src/registry/default-type-map.js';
import { app, closeApps, KEY, resultOf } from '../helpers.js';

afterEach(closeApps);

const SelectInput = withId(InkSelectInput);
const typeMap = defaultTypeMap() as McpTypeMap;

const ITEMS = [
  { id: 1, label: 'Start', value: 'start' },
  { id: 2, label: 'Settings', value: 'settings' },
  { id: 3, label: 'Quit', value: 'quit' },
];

function Menu({ limit }: { limit?: number }) {
  const [chosen, setChosen] = useState('none');
  const [lit, setLit] = useState('none');
  return (
    <Box flexDirection="column">
      <SelectInput
        id="menu"
        items={ITEMS}
        onSelect={(item) => setChosen(String(item.value))}
        onHighlight={(item) => setLit(String(item.value))}
        {...(limit ? { limit } : {})}
      />
      <Text>
        chosen={chosen} lit={lit}
      </Text>
    </Box>
  );
}

describe('ink-select-input adapter', () => {
  it('offers the Select vocabulary; select calls onHighlight and onSelect with the item', async () => {
    const a = app(<Menu />, { typeMap });
    expect(a.tools()).toEqual(['menu.select', 'menu.get_options', 'menu.get_selected']);
    await a.call('menu.select', { value: 'quit' });
    expect(a.screen()).toContain('chosen=quit lit=quit');
    await a.call('menu.select', { index: 1 });
    expect(a.screen()).toContain('chosen=settings');
    expect(resultOf(await a.call('menu.get_options'))).toMatchObject({
      options: [
        { index: 0, label: 'Start', value: 'start' },
        { index: 1, label: 'Settings', value: 'settings' },
        { index: 2, label: 'Quit', value: 'quit' },
      ],
    });
    const bad = await a.call('menu.select', { value: 'help' });
    expect(bad.ok ? '' : bad.error.message).toContain('the values are "start", "settings", "quit"');
  });

  it('answers the highlighted item as selected, following a person’s arrows; Enter still works', async () => {
    const a = app(<Menu />, { typeMap });
    expect(resultOf(await a.call('menu.get_selected'))).toEqual({
      selected: { index: 0, label: 'Start', value: 'start' },
    });
    await a.keys(KEY.down);
    expect(resultOf(await a.call('menu.get_selected'))).toMatchObject({ selected: { index: 1 } });
    await a.keys(KEY.enter);
    expect(a.screen()).toContain('chosen=settings');
    expect(a.logs).toEqual([]);
  });

  it('does not offer get_selected when a limit rotates the list', async () => {
    const a = app(<Menu limit={2} />, { typeMap });
    expect(a.tools()).toEqual(['menu.select', 'menu.get_options']);
  });
});
