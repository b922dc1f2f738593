import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, ConfirmDialog, TextInput } from '../../components/index.js';
import { app, closeApps, KEY } from './helpers.js';

afterEach(closeApps);

function Delete({ destructive = false }: { destructive?: boolean }) {
  const [open, setOpen] = useState(true);
  const [result, setResult] = useState('pending');
  const answer = (r: string) => () => {
    setResult(r);
    setOpen(false);
  };
  return (
    <Box flexDirection="column">
      <ConfirmDialog
        id="del"
        message="Delete 3 files?"
        open={open}
        destructive={destructive}
        onConfirm={answer('deleted')}
        onCancel={answer('kept')}
      />
      <Text>result={result}</Text>
    </Box>
  );
}

function Files() {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const answer = (what: string) => () => {
    setLog([...log, what]);
    setOpen(false);
  };
  return (
    <Box flexDirection="column">
      <TextInput id="note" label="Note" defaultValue="" />
      <Button id="delete" label="Delete" onPress={() => setOpen(true)} autoFocus />
      <ConfirmDialog
        id="sure"
        message="Delete the file?"
        open={open}
        onConfirm={answer('deleted')}
        onCancel={answer('kept')}
      />
      <Text>log={log.join(',')}</Text>
    </Box>
  );
}

describe('ConfirmDialog', () => {
  it('is answered by an agent, and offers nothing once closed', async () => {
    const a = app(<Delete />);
    expect(a.tools()).toEqual(['del.confirm', 'del.cancel']);
    expect(a.hub.list()[0]!.description).toBe('Answer "Yes" to "Delete 3 files?".');
    expect(a.hub.list()[0]!.annotations).toEqual({});
    const answer = await a.call('del.confirm');
    expect(answer).toMatchObject({ ok: true, removed: ['t.del.confirm', 't.del.cancel'] });
    expect(a.screen()).toBe('result=deleted');
    expect(await a.call('del.cancel')).toMatchObject({ ok: false });
  });

  it('marks confirm destructive when it is, so the authorizer decides', async () => {
    const a = app(<Delete destructive />);
    expect(a.hub.list().map((t) => t.annotations)).toEqual([{ destructiveHint: true }, {}]);
    expect(await a.call('del.confirm')).toMatchObject({ ok: false, error: { code: 'denied' } });
    await a.call('del.cancel');
    expect(a.screen()).toBe('result=kept');
  });

  it('is answered by a person: y, n, or ←/→ then Enter (a destructive one defaults to the safe answer)', async () => {
    const a = app(<Delete />);
    await a.keys('y');
    expect(a.screen()).toBe('result=deleted');
    const b = app(<Delete destructive />);
    await b.keys(KEY.enter);
    expect(b.screen()).toBe('result=kept');
    const c = app(<Delete destructive />);
    await c.keys(KEY.left, KEY.enter);
    expect(c.screen()).toBe('result=deleted');
  });

  it('ConfirmDialog focus: takes focus when it opens, and gives it back when it closes', async () => {
    const a = app(<Files />);
    await a.keys(KEY.enter);
    expect(a.screen()).toContain('Delete the file?');
    // Opened by the button that had focus: `y` answers it at once, no Tab needed.
    await a.keys('y');
    expect(a.screen()).toContain('log=deleted');
    expect(a.screen()).toContain('›[ Delete ]');
    // Focus came back to the button: Enter opens it again, and n answers.
    await a.keys(KEY.enter, 'n');
    expect(a.screen()).toContain('log=deleted,kept');
    // Opened by an agent, it takes focus from the button just the same.
    await a.call('delete.press');
    await a.keys('y');
    expect(a.screen()).toContain('log=deleted,kept,deleted');
    // Tabbing away while it is open: closing it does not steal focus back.
    await a.keys(KEY.enter, KEY.tab);
    await a.call('sure.cancel');
    expect(a.screen()).toContain('log=deleted,kept,deleted,kept');
    expect(a.screen()).toContain('›Note:');
  });

  it('is not there while closed', async () => {
    const a = app(
      <ConfirmDialog id="q" message="Sure?" open={false} onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(a.tools()).toEqual([]);
    expect(a.screen()).toBe('');
  });
});
