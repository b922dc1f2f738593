import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf, wrapLines, wrapWords } from '../../src/react/confirm-pages.js';

/** A line's columns at most, as wrapLines counts them (printable ASCII 1, any other code point 2). */
const columnsAtMost = (line: string) => [...line].reduce((n, c) => n + (/^[\x20-\x7e]$/.test(c) ? 1 : 2), 0);

describe('wrapLines: the question in lines that fit, every character kept', () => {
  it('breaks anywhere, keeps everything', () => {
    expect(wrapLines('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(wrapLines('', 10)).toEqual(['']);
    // A wide character never straddles the edge.
    expect(wrapLines('ab牛乳', 3)).toEqual(['ab', '牛', '乳']);
  });

  it('never breaks an escape: \\u200B reads whole on one line', () => {
    expect(wrapLines('abcd\\u200Bx', 8)).toEqual(['abcd', '\\u200Bx']);
    expect(wrapLines('"\\u001b"', 6)).toEqual(['"', '\\u001b', '"']);
  });

  it('property: the lines join back to the text, and none is wider than the width on any terminal', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.integer({ min: 6, max: 120 }),
        (text, width) => {
          const lines = wrapLines(text, width);
          expect(lines.join('')).toBe(text);
          for (const line of lines) expect(columnsAtMost(line)).toBeLessThanOrEqual(width);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("wrapWords: the prompt's help, broken between words", () => {
  it('keeps words whole where it can', () => {
    expect(wrapWords('n: deny · a: deny all', 10)).toEqual(['n: deny ·', 'a: deny', 'all']);
    expect(wrapWords('abcdefghijkl x', 5)).toEqual(['abcde', 'fghij', 'kl x']);
  });
});

describe('pageOf: one page of the question', () => {
  const lines = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);

  it('shows `height` lines from `offset`, says whether the end is shown, and never pages past the end', () => {
    expect(pageOf(lines, 4, 0)).toMatchObject({
      offset: 0,
      total: 10,
      atEnd: false,
      lines: lines.slice(0, 4),
    });
    expect(pageOf(lines, 4, 4)).toMatchObject({ offset: 4, atEnd: false });
    // The last page is full: it starts at 6, not 8.
    expect(pageOf(lines, 4, 8)).toMatchObject({ offset: 6, atEnd: true, lines: lines.slice(6) });
    expect(pageOf(lines, 4, 999)).toMatchObject({ offset: 6, atEnd: true });
    expect(pageOf(lines, 20, 3)).toMatchObject({ offset: 0, atEnd: true, lines });
    expect(pageOf(lines, 0, 0).lines).toHaveLength(1);
  });
});
