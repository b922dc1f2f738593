import { describe, expect, it } from 'vitest';
import { isActionName, isId, isWidgetUnavailable } from '../../src/index.js';
import { IdMemo } from '../../src/walker/ids.js';

describe('isId', () => {
  it('accepts 1 to 32 characters of [A-Za-z0-9_-]', () => {
    expect(isId('a')).toBe(true);
    expect(isId('A-z_09')).toBe(true);
    expect(isId('x'.repeat(32))).toBe(true);
  });
  it('refuses empty, 33 characters, dots, spaces, invisible characters and non-strings', () => {
    for (const bad of [
      '',
      'x'.repeat(33),
      'a.b',
      'a b',
      'a\u200Bb',
      'é',
      'a\n',
      42,
      null,
      undefined,
      {},
      ['a'],
    ]) {
      expect(isId(bad), String(bad)).toBe(false);
    }
  });
});

describe('IdMemo: the last accepted id (remembered to skip the regex)', () => {
  // A derivation's own memo (src/walker/derive-cache.ts); the public isId remembers nothing.
  const memo = new IdMemo();
  const isId = (x: unknown) => memo.isId(x);

  it('never answer for another value: each is tested on its own content, whatever came before', () => {
    const badIds = [
      '',
      'x'.repeat(33),
      'a.b',
      'a b',
      'a\n',
      'ab ',
      'Ab.',
      new String('ok'),
      42,
      null,
      undefined,
    ];
    for (const bad of badIds) {
      expect(isId('ok')).toBe(true);
      expect(isId(bad), String(bad)).toBe(false);
      // Asked twice: a refusal is not remembered either.
      expect(isId(bad), String(bad)).toBe(false);
      expect(isId('ok')).toBe(true);
    }
  });
});

describe('isActionName', () => {
  it('accepts a lowercase letter followed by up to 31 of [a-z0-9_]', () => {
    expect(isActionName('a')).toBe(true);
    expect(isActionName('type_into2')).toBe(true);
    expect(isActionName(`a${'b'.repeat(31)}`)).toBe(true);
  });
  it('refuses 33 characters, a leading digit or underscore, capitals, dashes, dots and non-strings', () => {
    for (const bad of [`a${'b'.repeat(32)}`, '1a', '_a', 'Press', 'a-b', 'a.b', '', 7, null]) {
      expect(isActionName(bad), String(bad)).toBe(false);
    }
  });
});

describe('isWidgetUnavailable', () => {
  it('recognises exactly { code, widgetId (a valid id), why (one of three) }', () => {
    for (const why of ['absent', 'disabled', 'type_changed']) {
      expect(isWidgetUnavailable({ code: 'widget_unavailable', widgetId: 'w', why })).toBe(true);
    }
  });
  it('refuses other reasons, bad widget ids, other codes and non-objects', () => {
    expect(isWidgetUnavailable({ code: 'widget_unavailable', widgetId: 'w', why: 'gone' })).toBe(false);
    expect(isWidgetUnavailable({ code: 'widget_unavailable', widgetId: 'a.b', why: 'absent' })).toBe(false);
    expect(isWidgetUnavailable({ code: 'widget_unavailable', widgetId: 3, why: 'absent' })).toBe(false);
    expect(isWidgetUnavailable({ code: 'other', widgetId: 'w', why: 'absent' })).toBe(false);
    expect(isWidgetUnavailable(null)).toBe(false);
    expect(isWidgetUnavailable('widget_unavailable')).toBe(false);
  });
});

describe('IdMemo', () => {
  it('is one per derivation cache: what one memo accepted tells another nothing', () => {
    const one = new IdMemo();
    const two = new IdMemo();
    expect(one.isId('same')).toBe(true);
    expect(two.isId('same')).toBe(true);
    expect(one.isId('a.b')).toBe(false);
    expect(two.isId('a b')).toBe(false);
  });
});
