import { describe, expect, it } from 'vitest';
import { ToolNameMemo } from '../../src/walker/derive-cache.js';
import { toolName } from '../../src/walker/tool-name.js';

describe('ToolNameMemo: a widget action’s tool name, kept between derivations', () => {
  it('answers toolName’s name for every session, widget and action, whatever it was asked before', () => {
    const memo = new ToolNameMemo();
    const asks: Array<[string, string, string]> = [
      ['app', 'todos', 'add_item'],
      ['app', 'todos', 'toggle'],
      ['app', 'todos', 'add_item'],
      ['app', 'filter', 'add_item'],
      // Another session on the same memo (a cache is one session's, but nothing relies on that).
      ['other', 'todos', 'add_item'],
      ['app', 'todos', 'add_item'],
    ];
    for (const [session, widget, action] of asks)
      expect(memo.name(session, widget, action)).toBe(toolName(session, widget, action));
  });

  it('stays right past the widgets it keeps (it starts again rather than grow)', () => {
    const memo = new ToolNameMemo();
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 5000; i++)
        expect(memo.name('app', `row_${i}`, 'select')).toBe(`app.row_${i}.select`);
  });
});
