import type { CallToolResult } from '@modelcontextprotocol/server';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { textOf } from './helpers.js';

/** A list that only grows: 1,000 items to start with, each on its own line. */
function LongList({ initial }: { initial: number }) {
  const [items, setItems] = useState(() => Array.from({ length: initial }, (_, i) => `item ${i + 1}`));
  useMcpTools('list', {
    add: {
      run: () => {
        setItems((all) => [...all, `item ${all.length + 1}`]);
        return { count: items.length + 1 };
      },
    },
  });
  return (
    <Box flexDirection="column">
      {items.map((item) => (
        <Text key={item}>{item}</Text>
      ))}
    </Box>
  );
}

const bytes = (result: unknown) => Buffer.byteLength(JSON.stringify((result as CallToolResult).content));
const linesOf = (text: string) => text.split('\n');

describe('the screen an agent reads is bounded to the terminal (headless: columns × rows)', () => {
  it('an answer for a 1,000-item list shows the last rows, says what is cut, and is as big as the terminal, not the list', async () => {
    const app = await renderHeadless(<LongList initial={1000} />, { ...WIDGETS, columns: 100, rows: 30 });
    try {
      const result = (await app.client.callTool({ name: 'app.list.add', arguments: {} })) as CallToolResult;
      const screen = (result.content as { text: string }[]).find((c) =>
        c.text.startsWith('Screen after the call:'),
      );
      const shown = linesOf(screen!.text).slice(1);
      expect(shown[0]).toBe(
        "(Lines 972–1001 of 1001 shown (971 above cut to the terminal's 30 rows); read others with " +
          'screen.read {"offset": N} or ink://app/screen?offset=N, N being the first line to show (0 is the top).)',
      );
      expect(shown.slice(1)).toEqual(Array.from({ length: 30 }, (_, i) => `item ${972 + i}`));
      // The whole list would be about 9 KB; the terminal's 30 rows of it are well under 1 KB more than the note.
      expect(bytes(result)).toBeLessThan(1_000);
      // The test's own copy of the frame (lastFrame) still has every line: only what a model reads is cut.
      expect(linesOf(app.lastFrame())).toHaveLength(1001);
    } finally {
      await app.unmount();
    }
  });

  it('screen.read {offset} and ink://<s>/screen?offset=N read the lines above, once each', async () => {
    const app = await renderHeadless(<LongList initial={1000} />, { ...WIDGETS, columns: 100, rows: 30 });
    try {
      const top = textOf(await app.client.callTool({ name: 'app.screen.read', arguments: { offset: 0 } }));
      expect(top).toContain('Screen:\n(Lines 1–30 of 1000 shown (970 below cut');
      expect(top).toContain(`\nitem 1\n`);
      expect(top).toContain(`\nitem 30`);
      expect(top).not.toContain('item 31');
      // Once: the answer carries no second copy of the screen after the call.
      expect(top).not.toContain('Screen after the call');
      expect(top.split('item 30').length - 1).toBe(1);

      const read = await app.client.readResource({ uri: 'ink://app/screen?offset=500' });
      const text = (read.contents[0] as { text: string }).text;
      expect(linesOf(text).slice(1)).toEqual(Array.from({ length: 30 }, (_, i) => `item ${501 + i}`));
      expect(linesOf(text)[0]).toContain('Lines 501–530 of 1000 shown (500 above and 470 below cut');

      const bottom = await app.client.readResource({ uri: 'ink://app/screen' });
      expect(linesOf((bottom.contents[0] as { text: string }).text).at(-1)).toBe('item 1000');
    } finally {
      await app.unmount();
    }
  });

  it('a bad offset is refused with the forms that work', async () => {
    const app = await renderHeadless(<LongList initial={3} />, WIDGETS);
    try {
      await expect(app.client.readResource({ uri: 'ink://app/screen?offset=-1' })).rejects.toThrow(
        /ink:\/\/<session>\/screen \(with \?offset=N, N the first line to show from 0/,
      );
      const refused = (await app.client.callTool({
        name: 'app.screen.read',
        arguments: { offset: -1 },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/offset/);
      // A screen that fits has no note.
      const whole = textOf(await app.client.callTool({ name: 'app.screen.read', arguments: {} }));
      expect(whole).toContain('Screen:\nitem 1\nitem 2\nitem 3');
      expect(whole).not.toContain('Lines ');
    } finally {
      await app.unmount();
    }
  });
});
