import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { renderHeadless } from '../../src/testing/render-headless.js';

/**
 * Issue #39, item 7: text from an agent that reaches the person. A bidi override or an invisible
 * character in an argument would be rendered by the app as it came (the person reads "Pay invoice
 * $1000" reordered) while the agent's own copy of the screen is cleaned: refused before the app sees
 * it, by the one text rule. And a session the id rule refuses is not listed at all.
 */

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

async function todo(session = 'todo') {
  const app = await renderHeadless(<App initial={[]} />, { session, authorize: () => 'allow' });
  closers.push(() => app.unmount());
  return app;
}

const text = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('an agent cannot put invisible or text-direction characters on the person’s screen', () => {
  const hostile = [
    ['a bidi override (U+202E … U+202C)', 'Pay invoice \u202E0001$\u202C to ACME', /bidi override/],
    ['a zero-width space (U+200B)', 'to ACME\u200B', /invisible character/],
    ['a right-to-left isolate (U+2067)', 'a\u2067b', /bidi override/],
    ['a direction mark (U+200F)', 'a\u200Fb', /direction mark/],
    ['a tag character (U+E0041)', 'a\u{E0041}b', /tag character/],
    ['a paragraph separator (U+2029)', 'a\u2029b', /separator/],
  ] as const;
  for (const [what, value, words] of hostile) {
    it(`add_item with ${what} is refused, naming it; nothing is added`, async () => {
      const app = await todo();
      const result = (await app.client.callTool({
        name: 'todo_act',
        arguments: { widget: 'todos', action: 'add_item', args: JSON.stringify({ text: value }) },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(words);
      expect(text(result)).toMatch(/invalid|refused/i);
      expect(app.lastFrame()).toMatch(/0 items/);
    });
  }

  it('keyboard.type with a bidi override types nothing', async () => {
    const app = await todo();
    const before = app.lastFrame();
    const result = (await app.client.callTool({
      name: 'todo_keyboard_type',
      arguments: { text: 'x\u202Ey' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/bidi override/);
    expect(app.lastFrame()).toBe(before);
  });

  it('emoji joined with ZWJ and variation selectors still pass (they reorder nothing)', async () => {
    const app = await todo();
    const result = (await app.client.callTool({
      name: 'todo_act',
      arguments: { widget: 'todos', action: 'add_item', args: JSON.stringify({ text: 'ship 👩‍💻 ❤️' }) },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(app.lastFrame()).toMatch(/1 items/);
  });
});

describe('a session id the id rule refuses is never listed', () => {
  for (const surface of ['stable', 'widgets'] as const) {
    it(`session 'bad.id' lists no act tool, nor any tool of it (${surface} surface)`, async () => {
      const app = await renderHeadless(<App initial={[]} />, {
        session: 'bad.id',
        surface,
        authorize: () => 'allow',
      });
      closers.push(() => app.unmount());
      const { tools } = await app.client.listTools();
      expect(tools.map((t) => t.name).filter((n) => /bad/.test(n))).toEqual([]);
    });
  }
});
