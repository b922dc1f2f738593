import { describe, expect, it } from 'vitest';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { Chat, Mover } from './apps.js';
import { listed, textOf } from './helpers.js';

describe('keyboard built-ins', () => {
  it('are listed in every session', async () => {
    const app = await renderHeadless(<Mover />, WIDGETS);
    try {
      const names = await listed(app.client);
      expect(names).toEqual(
        expect.arrayContaining([
          'app.keyboard.press',
          'app.keyboard.type',
          'app.screen.read',
          'app.screen.wait_for',
        ]),
      );
    } finally {
      await app.unmount();
    }
  });

  it('press right ×5 moves a stale-closure mover 5 columns', async () => {
    const app = await renderHeadless(<Mover />, WIDGETS);
    try {
      const result = await app.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['right', 'right', 'right', 'right', 'right', 'down'] },
      });
      expect(result.isError).toBeFalsy();
      expect(app.lastFrame()).toBe('x=6 y=2');
      expect(textOf(result)).toContain('x=6 y=2');
    } finally {
      await app.unmount();
    }
  });

  it('type then enter submits the typed line', async () => {
    const app = await renderHeadless(<Chat />, WIDGETS);
    try {
      await app.client.callTool({ name: 'app.keyboard.type', arguments: { text: 'hello' } });
      const result = await app.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['enter'] },
      });
      expect(textOf(result)).toContain('sent: hello');
      const both = await app.client.callTool({ name: 'app.keyboard.type', arguments: { text: 'abx\n' } });
      expect(both.isError).toBeFalsy();
      expect(app.lastFrame()).toContain('sent: abx');
      await app.client.callTool({ name: 'app.keyboard.type', arguments: { text: 'oops' } });
      await app.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['backspace', 'backspace', 'enter'] },
      });
      expect(app.lastFrame()).toContain('sent: oo');
    } finally {
      await app.unmount();
    }
  });

  it('refuses unknown key names with the valid ones, pressing nothing', async () => {
    const app = await renderHeadless(<Mover />, WIDGETS);
    try {
      const result = await app.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['right', 'rihgt', 'ctrl+1'] },
      });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain('"rihgt", "ctrl+1"');
      expect(text).toContain('nothing was pressed');
      expect(text).toContain('shift+tab');
      expect(text).toContain('ctrl+<letter>');
      expect(app.lastFrame()).toBe('x=1 y=1');
    } finally {
      await app.unmount();
    }
  });

  it('refuses control characters in typed text, typing nothing', async () => {
    const app = await renderHeadless(<Chat />, WIDGETS);
    try {
      const result = await app.client.callTool({
        name: 'app.keyboard.type',
        arguments: { text: 'a\u001B]52;c;x\u0007' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('U+001B');
      expect(app.lastFrame()).toBe('>');
    } finally {
      await app.unmount();
    }
  });
});
