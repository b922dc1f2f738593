import { describe, expect, it } from 'vitest';
import { CELL, screenSvg } from '../../src/screen/screen-svg.js';
import { PLAIN, type Style } from '../../src/screen/sgr.js';
import { parseStyled } from '../../src/screen/styled-text.js';
import {
  blend,
  colourHex,
  DEFAULT_BACKGROUND,
  DEFAULT_FOREGROUND,
} from '../../src/screen/terminal-palette.js';

const span = (text: string, style: Style = PLAIN) => ({ text, style });
/** The elements of an SVG, one per entry (the root's children). */
const elements = (svg: string) => svg.match(/<(rect|text)[^>]*?(\/>|>[^<]*<\/text>)/g) ?? [];

describe('screenSvg: a screen as a grid of cells', () => {
  it('is the terminal’s size in cells, with the default background painted first', () => {
    const { svg, width, height } = screenSvg([], { columns: 80, rows: 24 });
    expect([width, height]).toEqual([80 * CELL.cellWidth, 24 * CELL.cellHeight]);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="720" height="432" viewBox="0 0 720 432" /,
    );
    expect(svg).toContain(`font-family="${CELL.fontFamily}"`);
    expect(elements(svg)).toEqual([`<rect width="720" height="432" fill="${DEFAULT_BACKGROUND}"/>`]);
  });

  it('puts every character in its own cell (spaces draw nothing), a wide one in two', () => {
    const { svg } = screenSvg([[span('a b'), span('漢x')]], { columns: 10, rows: 1 });
    expect(elements(svg).slice(1)).toEqual([
      `<text x="0 18" y="${CELL.baseline}" fill="${DEFAULT_FOREGROUND}">ab</text>`,
      `<text x="27 45" y="${CELL.baseline}" fill="${DEFAULT_FOREGROUND}">漢x</text>`,
    ]);
  });

  it('backgrounds are rectangles per run; text colours, bold, italic; rows go down by the cell height', () => {
    const { svg } = screenSvg(
      [
        [span('ok', { fg: 'green', bold: true })],
        [span(' T ', { fg: 'white', bg: '#6AAA64' }), span('i', { italic: true })],
      ],
      { columns: 10, rows: 2 },
    );
    expect(elements(svg).slice(1)).toEqual([
      '<rect x="0" y="18" width="27" height="18" fill="#6aaa64"/>',
      '<text x="0 9" y="14" fill="#00cd00" font-weight="bold">ok</text>',
      '<text x="9" y="32" fill="#e5e5e5">T</text>',
      `<text x="27" y="32" fill="${DEFAULT_FOREGROUND}" font-style="italic">i</text>`,
    ]);
  });

  it('inverse swaps text and background (the default ones too); dim fades text into its background', () => {
    const inverse = screenSvg(
      [[span('I', { inverse: true }), span('R', { fg: 'red', bg: 'blue', inverse: true })]],
      {
        columns: 4,
        rows: 1,
      },
    );
    expect(elements(inverse.svg).slice(1)).toEqual([
      `<rect x="0" y="0" width="9" height="18" fill="${DEFAULT_FOREGROUND}"/>`,
      '<rect x="9" y="0" width="9" height="18" fill="#cd0000"/>',
      `<text x="0" y="14" fill="${DEFAULT_BACKGROUND}">I</text>`,
      '<text x="9" y="14" fill="#0000ee">R</text>',
    ]);
    const dim = screenSvg([[span('d', { dim: true })]], { columns: 4, rows: 1 });
    expect(dim.svg).toContain(`fill="${blend(DEFAULT_FOREGROUND, DEFAULT_BACKGROUND)}">d</text>`);
  });

  it('underline and strikethrough are lines in the text colour; hidden text is not drawn, its background is', () => {
    const { svg } = screenSvg(
      [
        [
          span('u', { underline: true, fg: 'cyan' }),
          span('s', { strikethrough: true }),
          span('h', { hidden: true, bg: 'red' }),
        ],
      ],
      { columns: 4, rows: 1 },
    );
    const drawn = elements(svg).slice(1);
    expect(drawn).toContain('<rect x="0" y="16" width="9" height="1" fill="#00cdcd"/>');
    expect(drawn).toContain(`<rect x="9" y="9" width="9" height="1" fill="${DEFAULT_FOREGROUND}"/>`);
    expect(drawn).toContain('<rect x="18" y="0" width="9" height="18" fill="#cd0000"/>');
    expect(svg).not.toContain('>h</text>');
  });

  it('escapes the app’s text for XML and leaves out what XML cannot carry', () => {
    const { svg } = screenSvg([[span('<a&b>\uFFFE')]], { columns: 10, rows: 1 });
    expect(svg).toContain('<text x="0 9 18 27 36" y="14" fill="#e5e5e5">&lt;a&amp;b&gt;</text>');
    expect(svg).not.toContain('\uFFFE');
  });

  it('keeps to the terminal: rows past the last and cells past the last column are not drawn', () => {
    const { svg } = screenSvg([[span('abcdef')], [span('second')]], { columns: 3, rows: 1 });
    expect(svg).toContain('>abc</text>');
    expect(svg).not.toContain('second');
  });

  it('draws what parseStyled reads from Ink’s SGR codes, a coloured blank at a line’s end included', () => {
    const lines = parseStyled('\u001b[42m ok \u001b[49m\n\u001b[1mB\u001b[22m', true);
    const { svg } = screenSvg(lines, { columns: 6, rows: 2 });
    expect(svg).toContain('<rect x="0" y="0" width="36" height="18" fill="#00cd00"/>');
    expect(svg).toContain('font-weight="bold">B</text>');
  });
});

describe('the palette', () => {
  it('is xterm’s for the 16 names, a code as it is, nothing for what it does not know', () => {
    expect(colourHex('red')).toBe('#cd0000');
    expect(colourHex('blueBright')).toBe('#5c5cff');
    expect(colourHex('#ABCDEF')).toBe('#abcdef');
    expect(colourHex('toString')).toBeUndefined();
    expect(colourHex(undefined)).toBeUndefined();
    expect(blend('#000000', '#ffffff')).toBe('#808080');
  });
});
