import { describe, expect, it } from 'vitest';
import { SpliceNotes } from '../../src/walker/splice-note.js';
import { spliceHolds } from '../helpers/splice-notes.js';

describe('splice notes', () => {
  it('overwritten copies the list, writes the range and notes it', () => {
    const notes = new SpliceNotes();
    const from = ['a', 'b', 'c', 'd'];
    const list = notes.overwritten(from, 1, ['x', 'y', 'z'], 1, 3);
    expect(list).toEqual(['a', 'y', 'z', 'd']);
    expect(from).toEqual(['a', 'b', 'c', 'd']);
    const note = notes.spliceFrom(list, from)!;
    expect(note).toMatchObject({ start: 1, fromEnd: 3, end: 3 });
    expect(spliceHolds(list, note)).toBe(true);
  });

  it('answers a note only against the list it names, and only when it fits both lists', () => {
    const notes = new SpliceNotes();
    const from = [1, 2, 3];
    const other = [1, 2, 3];
    const list = [1, 9, 3];
    notes.note(list, { from, start: 1, fromEnd: 2, end: 2 });
    expect(notes.spliceFrom(list, other)).toBeUndefined();
    expect(notes.changedRange(list, other)).toMatchObject({ start: 0, fromEnd: 3, end: 3 });
    expect(notes.changedRange(list, from)).toMatchObject({ start: 1, fromEnd: 2, end: 2 });
    // A note whose tails do not line up with the lists is not used.
    const longer = [1, 9, 9, 3];
    notes.note(longer, { from, start: 1, fromEnd: 2, end: 2 });
    expect(notes.spliceFrom(longer, from)).toBeUndefined();
  });

  it('keeps the latest notes only: an old one is forgotten, and then the lists are compared', () => {
    const notes = new SpliceNotes();
    const from = [1, 2];
    const list = notes.overwritten(from, 1, [3], 0, 1);
    expect(notes.spliceFrom(list, from)).toBeDefined();
    for (let i = 0; i < 64; i++) notes.overwritten([i], 0, [i + 1], 0, 1);
    expect(notes.spliceFrom(list, from)).toBeUndefined();
    expect(notes.changedRange(list, from)).toMatchObject({ start: 0, fromEnd: 2, end: 2 });
  });

  it('keeps each source’s notes to itself: another’s notes neither answer for nor push out its own', () => {
    const mine = new SpliceNotes();
    const theirs = new SpliceNotes();
    const from = [1, 2];
    const list = mine.overwritten(from, 1, [3], 0, 1);
    expect(theirs.spliceOf(list)).toBeUndefined();
    expect(theirs.changedRange(list, from)).toMatchObject({ start: 0, fromEnd: 2, end: 2 });
    // A burst of another session's commits, more notes than a ring holds: this one's stays.
    for (let i = 0; i < 64; i++) theirs.overwritten([i], 0, [i + 1], 0, 1);
    expect(mine.spliceFrom(list, from)).toMatchObject({ start: 1, fromEnd: 2, end: 2 });
  });
});
