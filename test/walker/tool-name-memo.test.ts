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

  it('never answers for a name that breaks the rule, whatever it was asked before', () => {
    const memo = new ToolNameMemo();
    const badNames = [
      '',
      'Ok',
      'ok.',
      'ok ',
      '1ok',
      'a-b',
      `a${'b'.repeat(32)}`,
      new String('ok'),
      7,
      undefined,
    ];
    for (const bad of badNames) {
      expect(memo.name('app', 'w', 'ok')).toBe('app.w.ok');
      expect(memo.name('app', 'w', bad), String(bad)).toBeUndefined();
      // Asked twice: a refusal is not remembered either.
      expect(memo.name('app', 'w', bad), String(bad)).toBeUndefined();
    }
    // A valid widget id is not an action name.
    expect(memo.name('app', 'w', 'Ok-1')).toBeUndefined();
  });

  it('stays right past what it keeps, and keeps a bounded number of names (new ids or new action names forever)', () => {
    const memo = new ToolNameMemo();
    let most = 0;
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 20_000; i++) {
        expect(memo.name('app', `row_${i}`, 'select')).toBe(`app.row_${i}.select`);
        // One widget whose action is named anew on every commit.
        expect(memo.name('app', 'clock', `tick_${i}`)).toBe(`app.clock.tick_${i}`);
        most = Math.max(most, memo.size);
      }
    expect(most).toBeLessThanOrEqual(16_384);
    expect(most).toBeGreaterThan(1_000);
  });
});
