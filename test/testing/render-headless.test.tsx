import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';

function Panel({ id }: { id: string }) {
  useMcpTools(id, { close: { description: `Close ${id}`, run: () => `closed ${id}` } });
  return <Text>panel {id}</Text>;
}

/** A person opens a second panel with the "o" key; an agent can open one too. */
function Desk() {
  const [open, setOpen] = useState(false);
  useInput((input) => {
    if (input === 'o') setOpen(true);
  });
  useMcpTools('desk', { open: { run: () => setOpen(true) } });
  return (
    <Box flexDirection="column">
      <Panel id="first" />
      {open && <Panel id="second" />}
    </Box>
  );
}

describe('renderHeadless', () => {
  it('gives a real client, the frame, and list_changed when a person changes the UI', async () => {
    const app = await renderHeadless(<Desk />, {
      ...WIDGETS,
      session: 'desk',
      builtinTools: false,
      coalesce: { waitMs: 5, maxWaitMs: 20 },
    });
    try {
      let changed = 0;
      app.client.setNotificationHandler('notifications/tools/list_changed', () => {
        changed++;
      });
      const before = (await app.client.listTools()).tools.map((t) => t.name);
      expect(before).toEqual(['desk_desk_open', 'desk_first_close']);
      expect(app.lastFrame()).toBe('panel first');

      app.stdin.write('o');
      await app.waitForSync();
      for (let i = 0; i < 100 && changed === 0; i++) await new Promise((r) => setTimeout(r, 5));
      expect(changed).toBe(1);
      expect((await app.client.listTools()).tools.map((t) => t.name)).toEqual([
        'desk_desk_open',
        'desk_first_close',
        'desk_second_close',
      ]);
      expect(app.lastFrame()).toBe('panel first\npanel second');
      const closed = await app.client.callTool({ name: 'desk.second.close', arguments: {} });
      expect(closed.content).toEqual([
        { type: 'text', text: 'closed second' },
        { type: 'text', text: 'Screen after the call:\npanel first\npanel second' },
      ]);
    } finally {
      await app.unmount();
    }
  });

  it('answers with the tools a call added', async () => {
    const app = await renderHeadless(<Desk />, { ...WIDGETS, session: 'desk', builtinTools: false });
    try {
      const opened = await app.client.callTool({ name: 'desk.desk.open', arguments: {} });
      const texts = (opened.content as { text: string }[]).map((c) => c.text);
      expect(texts[0]).toBe('done');
      expect(texts.at(-1)).toMatch(/desk_second_close/);
    } finally {
      await app.unmount();
    }
  });
});
