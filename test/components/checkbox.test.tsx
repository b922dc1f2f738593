import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

function Terms({ disabled = false }: { disabled?: boolean }) {
  const [ok, setOk] = useState(false);
  return (
    <Box flexDirection="column">
      <Checkbox id="terms" label="I agree" checked={ok} onChange={setOk} disabled={disabled} autoFocus />
      <Text>agreed={String(ok)}</Text>
    </Box>
  );
}

describe('Checkbox', () => {
  it('is toggled, set and read by an agent', async () => {
    const a = app(<Terms />);
    expect(a.tools()).toEqual(['terms.toggle', 'terms.set', 'terms.get_checked']);
    await a.call('terms.toggle');
    expect(a.screen()).toContain('[x] I agree');
    expect(a.screen()).toContain('agreed=true');
    await a.call('terms.set', { checked: true });
    expect(resultOf(await a.call('terms.get_checked'))).toEqual({ checked: true });
    await a.call('terms.set', { checked: false });
    expect(resultOf(await a.call('terms.get_checked'))).toEqual({ checked: false });
  });

  it('is toggled by a person with Space and Enter', async () => {
    const a = app(<Terms />);
    await a.keys(KEY.space);
    expect(a.screen()).toContain('›[x] I agree');
    await a.keys(KEY.enter);
    expect(resultOf(await a.call('terms.get_checked'))).toEqual({ checked: false });
  });

  it('keeps its own state when uncontrolled', async () => {
    const seen: boolean[] = [];
    const a = app(<Checkbox id="c" label="Dark" defaultChecked onChange={(v) => seen.push(v)} />);
    await a.call('c.toggle');
    expect(resultOf(await a.call('c.get_checked'))).toEqual({ checked: false });
    expect(seen).toEqual([false]);
  });

  it('offers nothing while disabled', async () => {
    const a = app(<Terms disabled />);
    expect(a.tools()).toEqual([]);
    await a.keys(KEY.space);
    expect(a.screen()).toContain('agreed=false');
  });

  it('answers a clear error for a wrong argument', async () => {
    const a = app(<Terms />);
    expect(await a.call('terms.set', { checked: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });
});
