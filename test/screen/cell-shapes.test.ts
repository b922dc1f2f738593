import { describe, expect, it } from 'vitest';
import { cellShape } from '../../src/screen/cell-shapes.js';

const CELL = { x: 90, y: 36, width: 9, height: 18 };

/** A shape's rectangles painted on the 9 × 18 cell: a row of `#` (covered) and `.` per pixel row. */
function grid(char: string): string[] {
  const shape = cellShape(char.codePointAt(0) as number, CELL, '#00cdcd') ?? '';
  const rows = Array.from({ length: CELL.height }, () => Array.from({ length: CELL.width }, () => '.'));
  for (const m of shape.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"/g)) {
    const [x, y, w, h] = [Number(m[1]) - CELL.x, Number(m[2]) - CELL.y, Number(m[3]), Number(m[4])];
    for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) (rows[r] as string[])[c] = '#';
  }
  return rows.map((row) => row.join(''));
}

/** The rows around the centre (6–12), where lines meet. */
const middle = (char: string) => grid(char).slice(6, 13);

describe('cellShape: box-drawing characters fill their cell, on whole pixels', () => {
  it('light and heavy lines run through the centre (column 4, row 9) from edge to edge', () => {
    expect(grid('─')).toEqual(grid('─').map((_, i) => (i === 9 ? '#########' : '.........')));
    expect(grid('│').every((row) => row === '....#....')).toBe(true);
    expect(grid('┃').every((row) => row === '....##...')).toBe(true);
    expect(middle('┌')).toEqual([
      '.........',
      '.........',
      '.........',
      '....#####',
      '....#....',
      '....#....',
      '....#....',
    ]);
    expect(middle('┼')).toEqual([
      '....#....',
      '....#....',
      '....#....',
      '#########',
      '....#....',
      '....#....',
      '....#....',
    ]);
    expect(middle('┏')).toEqual([
      '.........',
      '.........',
      '.........',
      '....#####',
      '....#####',
      '....##...',
      '....##...',
    ]);
  });

  it('double lines are two lines with a pixel between, nested at corners and junctions', () => {
    expect(grid('║').every((row) => row === '...#.#...')).toBe(true);
    expect(middle('═')).toEqual([
      '.........',
      '.........',
      '#########',
      '.........',
      '#########',
      '.........',
      '.........',
    ]);
    expect(middle('╔')).toEqual([
      '.........',
      '.........',
      '...######',
      '...#.....',
      '...#.####',
      '...#.#...',
      '...#.#...',
    ]);
    expect(middle('╬')).toEqual([
      '...#.#...',
      '...#.#...',
      '####.####',
      '.........',
      '####.####',
      '...#.#...',
      '...#.#...',
    ]);
    // A single stem hangs from the inner line of a double one; a single arm meets a double line.
    expect(middle('╤')).toEqual([
      '.........',
      '.........',
      '#########',
      '.........',
      '#########',
      '....#....',
      '....#....',
    ]);
    expect(middle('╟')).toEqual([
      '...#.#...',
      '...#.#...',
      '...#.#...',
      '...#.####',
      '...#.#...',
      '...#.#...',
      '...#.#...',
    ]);
  });

  it('rounded corners are quarter circles; the diagonals and other characters are the font’s', () => {
    expect(cellShape(0x256d, CELL, '#fff')).toMatch(
      /^<path d="M99 45\.5H98\.5A4 4 0 0 0 94\.5 49\.5V54" fill="none" stroke="#fff"/,
    );
    expect(cellShape(0x2571, CELL, '#fff')).toBeUndefined();
    expect(cellShape('a'.codePointAt(0) as number, CELL, '#fff')).toBeUndefined();
  });
});

describe('cellShape: block characters', () => {
  it('eighths from the bottom and from the left, halves, quadrants; shades by opacity', () => {
    expect(grid('█').every((row) => row === '#########')).toBe(true);
    expect(
      grid('▄')
        .map((row) => row[0])
        .join(''),
    ).toBe('.........#########');
    expect(
      grid('▀')
        .map((row) => row[0])
        .join(''),
    ).toBe('#########.........');
    expect(
      grid('▁')
        .map((row) => row[0])
        .join(''),
    ).toBe('................##');
    expect(grid('▌')[0]).toBe('#####....');
    expect(grid('▐')[0]).toBe('.....####');
    expect(grid('▏')[0]).toBe('#........');
    expect([grid('▚')[0], grid('▚')[17]]).toEqual(['####.....', '....#####']);
    expect(cellShape(0x2592, CELL, '#fff')).toContain('fill-opacity="0.5"');
  });
});
