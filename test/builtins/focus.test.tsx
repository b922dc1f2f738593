import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { FocusList, Mover } from './apps.js';
import { listed, textOf } from './helpers.js';

describe('focus built-ins', () => {
  it('list, set, next and previous drive Ink focus of useFocus({id}) components', async () => {
    const app = await renderHeadless(<FocusList />, WIDGETS);
    try {
      await app.waitForSync(); // useFocus registers in an effect after the first commit
      expect(await listed(app.client)).toEqual(
        expect.arrayContaining(['app.focus.list', 'app.focus.set', 'app.focus.next', 'app.focus.previous']),
      );
      const list = await app.client.callTool({ name: 'app.focus.list', arguments: {} });
      expect(JSON.parse((list.content as { text: string }[])[0]?.text ?? '')).toEqual({
        ids: ['first', 'second', 'third'],
        focused: null,
      });

      const set = await app.client.callTool({ name: 'app.focus.set', arguments: { id: 'second' } });
      expect(textOf(set)).toContain('Focus: "second"');
      expect(app.lastFrame()).toContain('> Second');

      await app.client.callTool({ name: 'app.focus.next', arguments: {} });
      expect(app.lastFrame()).toContain('> Third');
      await app.client.callTool({ name: 'app.focus.next', arguments: {} });
      expect(app.lastFrame()).toContain('> First');
      const previous = await app.client.callTool({ name: 'app.focus.previous', arguments: {} });
      expect(textOf(previous)).toContain('Focus: "third"');
      expect(app.lastFrame()).toContain('> Third');

      // Tab through keyboard.press goes through Ink's own Tab handling.
      await app.client.callTool({ name: 'app.keyboard.press', arguments: { keys: ['shift+tab'] } });
      expect(app.lastFrame()).toContain('> Second');
    } finally {
      await app.unmount();
    }
  });

  it('refuses an id nothing can take, moving nothing', async () => {
    const app = await renderHeadless(<FocusList />, WIDGETS);
    try {
      await app.waitForSync(); // useFocus registers in an effect after the first commit
      await app.client.callTool({ name: 'app.focus.set', arguments: { id: 'first' } });
      const result = await app.client.callTool({ name: 'app.focus.set', arguments: { id: 'fourth' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('"fourth"');
      expect(textOf(result)).toContain('"first", "second", "third"');
      expect(app.lastFrame()).toContain('> First');
    } finally {
      await app.unmount();
    }
  });

  it('are listed even while nothing can take focus (a first list is complete), and say so when called', async () => {
    const app = await renderHeadless(<Mover />, WIDGETS);
    try {
      const names = await listed(app.client);
      for (const n of ['list', 'set', 'next', 'previous']) expect(names).toContain(`app.focus.${n}`);
      const result = await app.client.callTool({ name: 'app.focus.next', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /^ink-mcp: "app_focus_next" refused: .*nothing in the app can take focus now/,
      );
    } finally {
      await app.unmount();
    }
  });
});

describe('builtinTools: false', () => {
  it('lists no built-in tool', async () => {
    const app = await renderHeadless(<Text>plain</Text>, { ...WIDGETS, builtinTools: false });
    try {
      expect(await listed(app.client)).toEqual([]);
    } finally {
      await app.unmount();
    }
  });
});
