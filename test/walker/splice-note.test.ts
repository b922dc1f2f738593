import { describe, expect, it } from 'vitest';
import { changedRange, noteSplice, overwritten, spliceFrom } from '../../src/walker/splice-note.js';
import { spliceHolds } from '../helpers/splice-notes.js';

describe('splice notes', () => {
  it('overwritten copies the list, writes the range and notes it', () => {
    const from = ['a', 'b', 'c', 'd'];
    const list = overwritten(from, 1, ['x', 'y', 'z'], 1, 3);
    expect(list).toEqual(['a', 'y', 'z', 'd']);
    expect(from).toEqual(['a', 'b', 'c', 'd']);
    const note = spliceFrom(list, from)!;
    expect(note).toMatchObject({ start: 1, fromEnd: 3, end: 3 });
    expect(spliceHolds(list, note)).toBe(true);
  });

  it('answers a note only against the list it names, and only when it fits both lists', () => {
    const from = [1, 2, 3];
    const other = [1, 2, 3];
    const list = [1, 9, 3];
    noteSplice(list, { from, start: 1, fromEnd: 2, end: 2 });
    expect(spliceFrom(list, other)).toBeUndefined();
    expect(changedRange(list, other)).toMatchObject({ start: 0, fromEnd: 3, end: 3 });
    expect(changedRange(list, from)).toMatchObject({ start: 1, fromEnd: 2, end: 2 });
    // A note whose tails do not line up with the lists is not used.
    const longer = [1, 9, 9, 3];
    noteSplice(longer, { from, start: 1, fromEnd: 2, end: 2 });
    expect(spliceFrom(longer, from)).toBeUndefined();
  });

  it('keeps the latest notes only: an old one is forgotten, and then the lists are compared', () => {
    const from = [1, 2];
    const list = overwritten(from, 1, [3], 0, 1);
    expect(spliceFrom(list, from)).toBeDefined();
    for (let i = 0; i < 64; i++) overwritten([i], 0, [i + 1], 0, 1);
    expect(spliceFrom(list, from)).toBeUndefined();
    expect(changedRange(list, from)).toMatchObject({ start: 0, fromEnd: 2, end: 2 });
  });
});
