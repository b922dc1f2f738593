import { describe, expect, it } from 'vitest';
import { viewScreen, viewText } from '../../src/screen/screen-view.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
const size = { rows: 5, columns: 20, sessionId: 'app' };

describe('viewScreen: the screen as a rows × columns terminal shows it', () => {
  it('a screen that fits is shown whole, with no note', () => {
    expect(viewScreen(lines(5), size)).toEqual({ text: lines(5), note: undefined });
    expect(viewScreen('', size)).toEqual({ text: '', note: undefined });
  });

  it('a taller screen shows its last rows, as a terminal scrolled to the bottom, and says what is cut and how to read it', () => {
    const view = viewScreen(lines(12), size);
    expect(view.text).toBe(['line 8', 'line 9', 'line 10', 'line 11', 'line 12'].join('\n'));
    expect(view.note).toBe(
      "(Lines 8–12 of 12 shown (7 above cut to the terminal's 5 rows); read others with " +
        'screen.read {"offset": N} or ink://app/screen?offset=N, N being the first line to show (0 is the top).)',
    );
    // The note comes first: the cut lines are above.
    expect(viewText(view).split('\n')[0]).toBe(view.note);
  });

  it('offset shows rows lines from that line (0 is the top), and says how many are above and below', () => {
    const top = viewScreen(lines(12), { ...size, offset: 0 });
    expect(top.text).toBe(lines(5));
    expect(top.note).toContain('Lines 1–5 of 12 shown (7 below cut');
    const middle = viewScreen(lines(12), { ...size, offset: 4 });
    expect(middle.text.split('\n')).toEqual(['line 5', 'line 6', 'line 7', 'line 8', 'line 9']);
    expect(middle.note).toContain('Lines 5–9 of 12 shown (4 above and 3 below cut');
    const end = viewScreen(lines(12), { ...size, offset: 10 });
    expect(end.text).toBe('line 11\nline 12');
    expect(end.note).toContain('Lines 11–12 of 12 shown (10 above cut');
  });

  it('an offset past the end shows nothing and says how long the screen is', () => {
    expect(viewScreen(lines(12), { ...size, offset: 12 })).toEqual({
      text: '',
      note:
        '(Offset 12 is past the end: the screen has 12 lines. Read it with screen.read {"offset": N} or ' +
        'ink://app/screen?offset=N, N being the first line to show (0 is the top).)',
    });
  });

  it('lines longer than the columns are cut, counted in terminal cells (wide characters take two)', () => {
    const view = viewScreen(['a'.repeat(25), 'short', '日本語のテキストです。まだ続きます'].join('\n'), size);
    expect(view.text.split('\n')).toEqual(['a'.repeat(20), 'short', '日本語のテキストです']);
    expect(view.note).toBe("(2 lines cut at the terminal's 20 columns; ink://app/tree has the full data.)");
  });

  it('a combining mark takes no cell of its own', () => {
    const accented = 'e\u0301'.repeat(20); // 20 cells in 40 code units
    expect(viewScreen(accented, size)).toEqual({ text: accented, note: undefined });
  });

  it('rows and columns cut together make one note line', () => {
    const text = Array.from({ length: 8 }, () => 'x'.repeat(30)).join('\n');
    const view = viewScreen(text, size);
    expect(view.text.split('\n')).toEqual(Array.from({ length: 5 }, () => 'x'.repeat(20)));
    expect(view.note?.split('\n')).toHaveLength(1);
    expect(view.note).toMatch(
      /^\(Lines 4–8 of 8 shown \(3 above cut.*5 lines cut at the terminal's 20 columns/,
    );
  });

  it('without a size the whole screen is shown; an offset still starts it where asked', () => {
    const unbounded = { rows: Number.POSITIVE_INFINITY, columns: Number.POSITIVE_INFINITY, sessionId: 'app' };
    expect(viewScreen(lines(100), unbounded)).toEqual({ text: lines(100), note: undefined });
    const from = viewScreen(lines(3), { ...unbounded, offset: 1 });
    expect(from.text).toBe('line 2\nline 3');
    expect(from.note).toBe(
      '(Lines 2–3 of 3 shown (1 above cut); read others with screen.read {"offset": N} or ' +
        'ink://app/screen?offset=N, N being the first line to show (0 is the top).)',
    );
  });
});
