import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../../components/index.js';
import { app, closeApps, KEY } from './helpers.js';

afterEach(closeApps);

function Counter({ disabled = false, id = 'inc' }: { disabled?: boolean; id?: string }) {
  const [count, setCount] = useState(0);
  return (
    <Box flexDirection="column">
      <Text>count {count}</Text>
      <Button id={id} label="Add one" onPress={() => setCount((c) => c + 1)} disabled={disabled} autoFocus />
      <Button id="reset" label="Reset" onPress={() => setCount(0)} />
    </Box>
  );
}

describe('Button', () => {
  it('is pressed by an agent through the call path, and says which button in its description', async () => {
    const a = app(<Counter />);
    expect(a.tools()).toEqual(['inc.press', 'reset.press']);
    expect(a.hub.list()[0]!.description).toBe('Press the button "Add one".');
    expect(await a.call('inc.press')).toMatchObject({ ok: true });
    expect(a.screen()).toContain('count 1');
  });

  it('is pressed by a person with Enter and Space, and Tab moves the focus (and its mark) on', async () => {
    const a = app(<Counter />);
    await a.settle();
    expect(a.screen()).toContain('›[ Add one ]');
    await a.keys(KEY.enter, KEY.space);
    expect(a.screen()).toContain('count 2');
    await a.keys(KEY.tab);
    expect(a.screen()).toContain('›[ Reset ]');
    await a.keys(KEY.enter);
    expect(a.screen()).toContain('count 0');
  });

  it('offers nothing while disabled, to an agent or a person', async () => {
    const a = app(<Counter disabled />);
    expect(a.tools()).toEqual(['reset.press']);
    expect(await a.call('inc.press')).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    await a.keys(KEY.enter);
    expect(a.screen()).toContain('count 0');
  });

  it('answers widget_unavailable when it became disabled after the agent listed it', async () => {
    const a = app(<Counter />);
    a.tools();
    a.rerender(<Counter disabled />);
    const answer = await a.call('inc.press');
    expect(answer).toMatchObject({ ok: false, error: { code: 'widget_unavailable', why: 'disabled' } });
    expect(a.screen()).toContain('count 0');
  });

  it('is not exposed without an id', async () => {
    const a = app(<Button label="Anonymous" onPress={() => {}} />);
    expect(a.tools()).toEqual([]);
  });

  it('has its tools derived from its static mcpTools', () => {
    const onPress = () => {};
    expect(Button.mcpTools({ id: 'b', label: 'Go', onPress }).map((s) => s.name)).toEqual(['press']);
    expect(Button.mcpTools({ id: 'b', label: 'Go', onPress, disabled: true })).toEqual([]);
  });
});
