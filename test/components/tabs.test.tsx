import { Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, Tabs } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

const TABS = ['Inbox', 'Sent', 'Trash'];

function Mail({ disabled = false }: { disabled?: boolean }) {
  const [tab, setTab] = useState(0);
  return (
    <Tabs id="mail" tabs={TABS} index={tab} onChange={setTab} disabled={disabled} autoFocus>
      {tab === 2 ? (
        <Button id="empty" label="Empty trash" onPress={() => {}} />
      ) : (
        <Text>showing {TABS[tab]}</Text>
      )}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is switched by index or label by an agent; the content follows, with its own tools', async () => {
    const a = app(<Mail />);
    expect(a.tools()).toEqual(['mail.select_tab', 'mail.get_tabs']);
    await a.call('mail.select_tab', { label: 'Sent' });
    expect(a.screen()).toContain('showing Sent');
    const answer = await a.call('mail.select_tab', { index: 2 });
    expect(answer).toMatchObject({ ok: true, added: ['t.empty.press'] });
    expect(resultOf(await a.call('mail.get_tabs'))).toEqual({
      tabs: [
        { index: 0, label: 'Inbox' },
        { index: 1, label: 'Sent' },
        { index: 2, label: 'Trash' },
      ],
      active: 2,
    });
  });

  it('answers an error naming the tabs for an unknown label or index', async () => {
    const a = app(<Mail />);
    const label = await a.call('mail.select_tab', { label: 'Spam' });
    expect(label.ok ? '' : label.error.message).toContain(
      'has no tab labelled "Spam": the tabs are "Inbox", "Sent", "Trash"',
    );
    const index = await a.call('mail.select_tab', { index: -1 });
    expect(index.ok ? '' : index.error.message).toContain('no tab at index -1: valid indexes are 0 to 2');
    const neither = await a.call('mail.select_tab', {});
    expect(neither.ok ? '' : neither.error.message).toContain('give either "index" or "label"');
  });

  it('is switched by a person with ←/→', async () => {
    const a = app(<Mail />);
    await a.keys(KEY.right, KEY.right, KEY.right);
    expect(a.tools()).toContain('empty.press');
    await a.keys(KEY.left);
    expect(a.screen()).toContain('showing Sent');
    expect(a.screen()).toContain('›Inbox │ Sent │ Trash');
  });

  it('keeps its own tab when uncontrolled', async () => {
    const a = app(<Tabs id="t1" tabs={['A', 'B']} defaultIndex={1} />);
    expect(resultOf(await a.call('t1.get_tabs'))).toMatchObject({ active: 1 });
    await a.call('t1.select_tab', { label: 'a' });
    expect(resultOf(await a.call('t1.get_tabs'))).toMatchObject({ active: 0 });
  });

  it('offers nothing while disabled', async () => {
    const a = app(<Mail disabled />);
    expect(a.tools()).toEqual([]);
  });
});
