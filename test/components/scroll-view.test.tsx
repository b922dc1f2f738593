import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, ScrollView } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

const LINES = Array.from({ length: 20 }, (_, i) => `line ${i}`);

function Log({ disabled = false }: { disabled?: boolean }) {
  return (
    <ScrollView id="log" height={3} disabled={disabled} autoFocus>
      {LINES.map((line, i) =>
        i === 10 ? (
          <Button key={line} id="retry" label="Retry" onPress={() => {}} />
        ) : (
          <Text key={line}>{line}</Text>
        ),
      )}
    </ScrollView>
  );
}

describe('ScrollView', () => {
  it('is scrolled by an agent; widgets come and go with the rows in view', async () => {
    const a = app(<Log />);
    expect(a.tools()).toEqual(['log.scroll_to', 'log.get_visible_range']);
    expect(resultOf(await a.call('log.get_visible_range'))).toEqual({
      first: 0,
      last: 2,
      total: 20,
      height: 3,
    });
    const answer = await a.call('log.scroll_to', { row: 9 });
    expect(answer).toMatchObject({ ok: true, added: ['t.retry.press'] });
    expect(a.screen()).toContain('line 9');
    expect(a.screen()).not.toContain('line 8');
    await a.call('log.scroll_to', { row: 19 });
    expect(resultOf(await a.call('log.get_visible_range'))).toEqual({
      first: 17,
      last: 19,
      total: 20,
      height: 3,
    });
  });

  it('answers an error with the rows there are', async () => {
    const a = app(<Log />);
    const answer = await a.call('log.scroll_to', { row: 20 });
    expect(answer.ok ? '' : answer.error.message).toContain('no row at index 20: valid indexes are 0 to 19');
  });

  it('is scrolled by a person: ↓/↑, PageDown/PageUp, End/Home', async () => {
    const a = app(<Log />);
    const first = async () => (resultOf(await a.call('log.get_visible_range')) as { first: number }).first;
    await a.keys(KEY.down, KEY.down);
    expect(await first()).toBe(2);
    await a.keys(KEY.pageDown);
    expect(await first()).toBe(5);
    await a.keys(KEY.end);
    expect(await first()).toBe(17);
    await a.keys(KEY.pageUp, KEY.up);
    expect(await first()).toBe(13);
    await a.keys(KEY.home);
    expect(await first()).toBe(0);
    expect(a.screen()).toContain('› rows 1–3 of 20');
  });

  it('offers nothing while disabled', async () => {
    const a = app(<Log disabled />);
    expect(a.tools()).toEqual([]);
  });
});
