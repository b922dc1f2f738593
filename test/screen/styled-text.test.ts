import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_HINT,
  COLOUR_ROWS_HEAD,
  COLOUR_ROWS_LEGEND,
  ColourWatch,
  colourLayout,
  MAX_COLOUR_CHARS,
  MAX_COLOUR_LINES,
} from '../../src/screen/colour-hint.js';
import { approximateName, colourName } from '../../src/screen/colour-names.js';
import { viewLines } from '../../src/screen/screen-view.js';
import { applySgr, PLAIN, paletteColour } from '../../src/screen/sgr.js';
import { styledMarkup } from '../../src/screen/style-markup.js';
import { fitSpans, parseStyled, plainLine } from '../../src/screen/styled-text.js';
import { CLEANING_SET_RE, cleanScreenText } from '../../src/walker/clean-text.js';

const ESC = '\u001B';
const sgr = (params: string) => `${ESC}[${params}m`;
/** The styled form of a raw screen, unbounded. */
const markup = (raw: string) => styledMarkup(parseStyled(raw));

describe('SGR: the styles a terminal gives text', () => {
  it('reads the 16 palette colours, foreground and background, by the names Ink props use', () => {
    expect(applySgr(PLAIN, '32')).toEqual({ fg: 'green' });
    expect(applySgr(PLAIN, '43')).toEqual({ bg: 'yellow' });
    expect(applySgr(PLAIN, '90')).toEqual({ fg: 'gray' });
    expect(applySgr(PLAIN, '101')).toEqual({ bg: 'redBright' });
  });

  it('reads 256-palette and 24-bit colours in the ; and : forms', () => {
    expect(applySgr(PLAIN, '38;5;2')).toEqual({ fg: 'green' });
    expect(applySgr(PLAIN, '38;5;34')).toEqual({ fg: '#00af00' });
    expect(applySgr(PLAIN, '48;5;244')).toEqual({ bg: '#808080' });
    expect(applySgr(PLAIN, '48;2;106;170;100')).toEqual({ bg: '#6aaa64' });
    expect(applySgr(PLAIN, '38:2::106:170:100')).toEqual({ fg: '#6aaa64' });
    expect(applySgr(PLAIN, '38:5:34')).toEqual({ fg: '#00af00' });
    // Several in one sequence, as some apps write them.
    expect(applySgr(PLAIN, '1;38;2;1;2;3;48;5;1')).toEqual({ bold: true, fg: '#010203', bg: 'red' });
  });

  it('sets and clears the flags, each with its own code, and 0 (or nothing) resets all', () => {
    const all = applySgr(PLAIN, '1;2;3;4;7;8;9');
    expect(all).toEqual({
      bold: true,
      dim: true,
      italic: true,
      underline: true,
      inverse: true,
      hidden: true,
      strikethrough: true,
    });
    expect(applySgr(all, '22;23;24;27;28;29')).toBe(PLAIN);
    expect(applySgr(applySgr(PLAIN, '4:3'), '4:0')).toBe(PLAIN);
    expect(applySgr(applySgr(PLAIN, '31;42'), '39')).toEqual({ bg: 'green' });
    expect(applySgr(applySgr(PLAIN, '31;42'), '49')).toEqual({ fg: 'red' });
    expect(applySgr(applySgr(PLAIN, '1;31'), '0')).toBe(PLAIN);
    expect(applySgr(applySgr(PLAIN, '1;31'), '')).toBe(PLAIN);
  });

  it('ignores what it does not know (blink, fonts, a truncated colour)', () => {
    expect(applySgr(PLAIN, '5;11;53')).toBe(PLAIN);
    expect(applySgr(PLAIN, '38;2;1')).toBe(PLAIN);
    expect(applySgr(PLAIN, '38;5;300')).toBe(PLAIN);
    expect(paletteColour(-1)).toBeUndefined();
  });
});

describe('colour names', () => {
  it("names a 24-bit colour by its hue, first, with the exact code: Wordle's three as anyone calls them", () => {
    expect(colourName('#6aaa64')).toBe('green(#6aaa64)');
    expect(colourName('#c9b458')).toBe('yellow(#c9b458)');
    expect(colourName('#787c7e')).toBe('gray(#787c7e)');
    expect(colourName('green')).toBe('green');
  });

  it('grays by lightness; hues with dark and light', () => {
    expect(approximateName(0, 0, 0)).toBe('black');
    expect(approximateName(1, 1, 1)).toBe('white');
    expect(approximateName(0.2, 0.2, 0.22)).toBe('darkgray');
    expect(approximateName(1, 0, 0)).toBe('red');
    expect(approximateName(1, 0.55, 0)).toBe('orange');
    expect(approximateName(0, 0, 0.4)).toBe('darkblue');
    expect(approximateName(0.85, 0.9, 1)).toBe('lightblue');
    expect(approximateName(0.5, 0.3, 0.05)).toBe('brown');
    expect(approximateName(0.5, 0, 0.8)).toBe('purple');
  });
});

describe('the styled form', () => {
  it('marks each run in a style as [style]text[/]: flags, text colour, "on" background', () => {
    const raw = `${sgr('1;37;48;2;106;170;100')} C ${sgr('0')} ${sgr('30;43')} R ${sgr('0')} plain ${sgr('2')}dim${sgr('22')}`;
    expect(markup(raw)).toBe(
      '[bold white on green(#6aaa64)] C [/] [black on yellow] R [/] plain [dim]dim[/]',
    );
  });

  it("escapes the app's own [ and \\ in this form only, so that every other [ is a marker", () => {
    const raw = `a [x] b\\ ${sgr('31')}[/] \\[${sgr('39')}`;
    expect(markup(raw)).toBe('a \\[x] b\\\\ [red]\\[/] \\\\\\[[/]');
    // The plain text is the plain screen's, untouched.
    expect(parseStyled(raw).map(plainLine)).toEqual(['a [x] b\\ [/] \\[']);
  });

  it('carries a style over a line break, as a terminal does; trims trailing blanks and blank lines', () => {
    const raw = `${sgr('32')}one\ntwo${sgr('0')}   \n\n  \n`;
    expect(markup(raw)).toBe('[green]one[/]\n[green]two[/]');
  });

  it('joins a plain blank between two runs of one style, and leaves the blanks between backgrounds alone', () => {
    expect(markup(`${sgr('32')}✔${sgr('39')} ${sgr('32')}done${sgr('39')}`)).toBe('[green]✔ done[/]');
    expect(markup(`  ${sgr('32')}✔${sgr('39')}`)).toBe('  [green]✔[/]');
    expect(markup(`${sgr('42')} A ${sgr('49')} ${sgr('42')} B ${sgr('49')}`)).toBe(
      '[on green] A [/] [on green] B[/]',
    );
    // A green space looks like any other: no marker for it alone.
    expect(markup(`a${sgr('32')} ${sgr('39')}b`)).toBe('a b');
  });

  it('removes every other escape and every invisible character, as the plain screen does', () => {
    const raw = `${ESC}]0;title\u0007${ESC}[2K${sgr('31')}r\u200Bed${sgr('39')}\tx\r\ny`;
    expect(markup(raw)).toBe('[red]red[/] x\ny');
  });

  it('has exactly the lines of the plain screen, and no escape or invisible character (property)', () => {
    const pieces = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\r\n',
      '\t',
      '[',
      '\\',
      '日',
      '\u200B',
      '\u0007',
      sgr('31'),
      sgr('0'),
      sgr('48;2;1;2;3'),
      sgr('1'),
      `${ESC}[2K`,
      `${ESC}]8;;http://x${ESC}\\`,
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const raw = parts.join('');
        const plain = cleanScreenText(raw).replace(/\s+$/, '');
        const lines = parseStyled(raw);
        expect(lines.map(plainLine).join('\n')).toBe(plain);
        // Nothing a terminal acts on, nothing invisible: markers are plain ASCII.
        expect(
          styledMarkup(lines)
            .split('\n')
            .some((line) => CLEANING_SET_RE.test(line)),
        ).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('is bounded like the plain screen: rows from the end or an offset, columns in cells', () => {
    const raw = Array.from(
      { length: 6 },
      (_, i) => `${sgr('42')}row ${i} ${'日'.repeat(4)}${sgr('49')}`,
    ).join('\n');
    const view = viewLines(parseStyled(raw), { rows: 2, columns: 9, sessionId: 'app' }, fitSpans);
    expect(styledMarkup(view.lines)).toBe('[on green]row 4 日[/]\n[on green]row 5 日[/]');
    expect(view.note).toMatch(
      /^\(Lines 5–6 of 6 shown \(4 above cut.*2 lines cut at the terminal's 9 columns/,
    );
    const top = viewLines(parseStyled(raw), { rows: 1, columns: 100, offset: 0, sessionId: 'app' }, fitSpans);
    expect(styledMarkup(top.lines)).toBe('[on green]row 0 日日日日[/]');
  });
});

describe('the hint that colours changed', () => {
  const layout = (raw: string) => colourLayout(parseStyled(raw));

  it('says the lines whose colours changed, once, in the styled form; never for a screen without colour', () => {
    const watch = new ColourWatch();
    const lines = (raw: string) => parseStyled(raw);
    expect(watch.plain(lines('plain'))).toBeUndefined();
    const green = `${sgr('42')}A${sgr('49')}`;
    expect(watch.plain(lines(`title\n${green}`))).toBe(
      `${COLOUR_ROWS_HEAD} (${COLOUR_ROWS_LEGEND}):\n2: [on green]A[/]`,
    );
    expect(watch.plain(lines(`title\n${green}`))).toBeUndefined();
    // A new line below: only it is said; the line that kept its colours is not, even scrolled up.
    expect(watch.plain(lines(`${green}\n${sgr('43')}B${sgr('49')}`))).toBe(
      `${COLOUR_ROWS_HEAD} (${COLOUR_ROWS_LEGEND}):\n2: [on yellow]B[/]`,
    );
    watch.shown(lines(`${sgr('41')}A${sgr('49')}`));
    expect(watch.plain(lines(`${sgr('41')}A${sgr('49')}`))).toBeUndefined();
  });

  it('gives the hint alone when more lines changed than an answer should carry', () => {
    const watch = new ColourWatch();
    const many = Array.from({ length: MAX_COLOUR_LINES + 1 }, (_, i) => `${sgr('42')}row ${i}${sgr('49')}`);
    expect(watch.plain(parseStyled(many.join('\n')))).toBe(COLOUR_HINT);
    const long = `${sgr('42')}${'x'.repeat(MAX_COLOUR_CHARS)}${sgr('49')}`;
    expect(watch.plain(parseStyled(long))).toBe(COLOUR_HINT);
  });

  it('does not count lines that scroll, bold or inverse (a cursor), or coloured blanks', () => {
    const board = `${sgr('42')}A${sgr('49')}`;
    expect(layout(`log line\n${board}`)).toBe(layout(board));
    expect(layout(`${sgr('7')}x${sgr('27')} ${sgr('1')}b${sgr('22')} ${sgr('42')}  ${sgr('49')}`)).toBe('');
  });
});
