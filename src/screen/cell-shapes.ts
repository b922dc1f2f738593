/**
 * Box-drawing (U+2500–U+257F) and block (U+2580–U+259F) characters drawn as shapes that fill their
 * cell, as terminals draw them, rather than as font glyphs: a glyph's lines stop short of a cell that
 * is wider and taller than the font's advance and line, so borders would show as dashes with gaps
 * between rows, and a 1 px stroke at a fractional position would be smeared faint. Shapes on whole
 * pixels meet their neighbours and stay sharp. Rounded corners are quarter circles; dashed lines are
 * drawn solid; the diagonals (╱ ╲ ╳) are left to the font.
 */

export interface CellBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The arms of each box-drawing character from U+2500, eight a row: up, down, left, right; 0 none,
 * 1 light, 2 heavy, 3 double; `-` for the diagonals.
 */
const ARMS: readonly string[] = [
  '0011 0022 1100 2200 0011 0022 1100 2200', // ─ ━ │ ┃ ┄ ┅ ┆ ┇
  '0011 0022 1100 2200 0101 0102 0201 0202', // ┈ ┉ ┊ ┋ ┌ ┍ ┎ ┏
  '0110 0120 0210 0220 1001 1002 2001 2002', // ┐ ┑ ┒ ┓ └ ┕ ┖ ┗
  '1010 1020 2010 2020 1101 1102 2101 1201', // ┘ ┙ ┚ ┛ ├ ┝ ┞ ┟
  '2201 2102 1202 2202 1110 1120 2110 1210', // ┠ ┡ ┢ ┣ ┤ ┥ ┦ ┧
  '2210 2120 1220 2220 0111 0121 0112 0122', // ┨ ┩ ┪ ┫ ┬ ┭ ┮ ┯
  '0211 0221 0212 0222 1011 1021 1012 1022', // ┰ ┱ ┲ ┳ ┴ ┵ ┶ ┷
  '2011 2021 2012 2022 1111 1121 1112 1122', // ┸ ┹ ┺ ┻ ┼ ┽ ┾ ┿
  '2111 1211 2211 2121 2112 1221 1212 2122', // ╀ ╁ ╂ ╃ ╄ ╅ ╆ ╇
  '1222 2221 2212 2222 0011 0022 1100 2200', // ╈ ╉ ╊ ╋ ╌ ╍ ╎ ╏
  '0033 3300 0103 0301 0303 0130 0310 0330', // ═ ║ ╒ ╓ ╔ ╕ ╖ ╗
  '1003 3001 3003 1030 3010 3030 1103 3301', // ╘ ╙ ╚ ╛ ╜ ╝ ╞ ╟
  '3303 1130 3310 3330 0133 0311 0333 1033', // ╠ ╡ ╢ ╣ ╤ ╥ ╦ ╧
  '3011 3033 1133 3311 3333 0101 0110 1010', // ╨ ╩ ╪ ╫ ╬ ╭ ╮ ╯
  '1001 - - - 0010 1000 0001 0100', // ╰ ╱ ╲ ╳ ╴ ╵ ╶ ╷
  '0020 2000 0002 0200 0012 1200 0021 2100', // ╸ ╹ ╺ ╻ ╼ ╽ ╾ ╿
].flatMap((row) => row.split(' '));

const ROUNDED = new Set([0x256d, 0x256e, 0x256f, 0x2570]);

/** The quadrants of U+2596–U+259F: upper left, upper right, lower left, lower right. */
const QUADRANTS = ['0010', '0001', '1000', '1011', '1001', '1110', '1101', '0100', '0110', '0111'];

/**
 * SVG elements drawing `cp` in `cell` with `fill`, or undefined when the font draws it. Everything is
 * on whole pixels (the cell's are).
 */
export function cellShape(cp: number, cell: CellBox, fill: string): string | undefined {
  if (cp >= 0x2500 && cp <= 0x257f) {
    const arms = ARMS[cp - 0x2500] as string;
    if (arms === '-') return undefined;
    return ROUNDED.has(cp) ? roundedCorner(cp, cell, fill) : boxArms(arms, cell, fill);
  }
  if (cp >= 0x2580 && cp <= 0x259f) return block(cp, cell, fill);
  return undefined;
}

type Rect = [x: number, y: number, width: number, height: number];

function rects(list: readonly Rect[], fill: string, opacity?: number): string {
  const alpha = opacity === undefined ? '' : ` fill-opacity="${opacity}"`;
  return list
    .filter(([, , w, h]) => w > 0 && h > 0)
    .map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${alpha}/>`)
    .join('');
}

/**
 * Each arm from the cell's edge to its centre, on whole pixels: light 1 px, heavy 2 px, double two
 * 1 px lines with a 1 px gap. Arms reach across the band the perpendicular arms take, so they meet;
 * a double arm's line on the side of a perpendicular arm stops at that arm's inner line, so double
 * corners and junctions nest; a single stem under a double line (╤) hangs from its inner line.
 */
function boxArms(arms: string, cell: CellBox, fill: string): string {
  const [up, down, left, right] = [...arms].map(Number) as [number, number, number, number];
  const cx = cell.x + Math.floor(cell.width / 2);
  const cy = cell.y + Math.floor(cell.height / 2);
  const [rowStart, rowEnd] = band(Math.max(left, right), cy);
  const [colStart, colEnd] = band(Math.max(up, down), cx);
  const rowsDouble = Math.max(left, right) === 3;
  const colsDouble = Math.max(up, down) === 3;
  const out: Rect[] = [];
  const column = (x: number, width: number, [y0, y1]: [number, number]) => out.push([x, y0, width, y1 - y0]);
  const row = (y: number, height: number, [x0, x1]: [number, number]) => out.push([x0, y, x1 - x0, height]);
  // Rows [from, to) of a vertical arm's line; `inner`: it stops at the band's inner line.
  const upRows = (inner: boolean): [number, number] => [cell.y, inner ? rowStart + 1 : rowEnd];
  const downRows = (inner: boolean): [number, number] => [
    inner ? rowEnd - 1 : rowStart,
    cell.y + cell.height,
  ];
  const leftCols = (inner: boolean): [number, number] => [cell.x, inner ? colStart + 1 : colEnd];
  const rightCols = (inner: boolean): [number, number] => [
    inner ? colEnd - 1 : colStart,
    cell.x + cell.width,
  ];
  const hangs = (double: boolean, a: number, b: number, opposite: number) =>
    double && a > 0 && b > 0 && opposite === 0;
  if (up === 3) {
    column(cx - 1, 1, upRows(left > 0));
    column(cx + 1, 1, upRows(right > 0));
  } else if (up > 0) column(cx, up, upRows(hangs(rowsDouble, left, right, down)));
  if (down === 3) {
    column(cx - 1, 1, downRows(left > 0));
    column(cx + 1, 1, downRows(right > 0));
  } else if (down > 0) column(cx, down, downRows(hangs(rowsDouble, left, right, up)));
  if (left === 3) {
    row(cy - 1, 1, leftCols(up > 0));
    row(cy + 1, 1, leftCols(down > 0));
  } else if (left > 0) row(cy, left, leftCols(hangs(colsDouble, up, down, right)));
  if (right === 3) {
    row(cy - 1, 1, rightCols(up > 0));
    row(cy + 1, 1, rightCols(down > 0));
  } else if (right > 0) row(cy, right, rightCols(hangs(colsDouble, up, down, left)));
  return rects(out, fill);
}

/** The pixels [start, end) the lines of this weight take across `centre`: light 1, heavy 2, double 3 (two lines and the gap). */
function band(weight: number, centre: number): [number, number] {
  if (weight === 3) return [centre - 1, centre + 2];
  if (weight === 2) return [centre, centre + 2];
  return [centre, centre + 1];
}

/** ╭ ╮ ╯ ╰: the two arms meet in a quarter circle, its line centred on the light line's pixels. */
function roundedCorner(cp: number, cell: CellBox, fill: string): string {
  const cx = cell.x + Math.floor(cell.width / 2) + 0.5;
  const cy = cell.y + Math.floor(cell.height / 2) + 0.5;
  const r = Math.min(Math.floor(cell.width / 2), Math.floor(cell.height / 2));
  const right = cell.x + cell.width;
  const bottom = cell.y + cell.height;
  // From the horizontal arm's edge to the vertical arm's edge, through the arc.
  const path =
    cp === 0x256d
      ? `M${right} ${cy}H${cx + r}A${r} ${r} 0 0 0 ${cx} ${cy + r}V${bottom}`
      : cp === 0x256e
        ? `M${cell.x} ${cy}H${cx - r}A${r} ${r} 0 0 1 ${cx} ${cy + r}V${bottom}`
        : cp === 0x256f
          ? `M${cell.x} ${cy}H${cx - r}A${r} ${r} 0 0 0 ${cx} ${cy - r}V${cell.y}`
          : `M${right} ${cy}H${cx + r}A${r} ${r} 0 0 1 ${cx} ${cy - r}V${cell.y}`;
  return `<path d="${path}" fill="none" stroke="${fill}" stroke-width="1" shape-rendering="geometricPrecision"/>`;
}

/** ▀ ▁…█ ▉…▏ ▐ ░ ▒ ▓ ▔ ▕ and the quadrants, as rectangles of the cell. */
function block(cp: number, cell: CellBox, fill: string): string {
  const { x, y, width: w, height: h } = cell;
  const eighthH = (n: number) => Math.round((h * n) / 8);
  const eighthW = (n: number) => Math.round((w * n) / 8);
  if (cp === 0x2580) return rects([[x, y, w, eighthH(4)]], fill);
  if (cp >= 0x2581 && cp <= 0x2588) {
    const high = eighthH(cp - 0x2580);
    return rects([[x, y + h - high, w, high]], fill);
  }
  if (cp >= 0x2589 && cp <= 0x258f) return rects([[x, y, eighthW(0x2590 - cp), h]], fill);
  if (cp === 0x2590) return rects([[x + eighthW(4), y, w - eighthW(4), h]], fill);
  if (cp >= 0x2591 && cp <= 0x2593) return rects([[x, y, w, h]], fill, (cp - 0x2590) / 4);
  if (cp === 0x2594) return rects([[x, y, w, eighthH(1)]], fill);
  if (cp === 0x2595) return rects([[x + w - eighthW(1), y, eighthW(1), h]], fill);
  const quadrants = QUADRANTS[cp - 0x2596] as string;
  const hw = Math.floor(w / 2);
  const hh = Math.floor(h / 2);
  const parts: Rect[] = [
    [x, y, hw, hh],
    [x + hw, y, w - hw, hh],
    [x, y + hh, hw, h - hh],
    [x + hw, y + hh, w - hw, h - hh],
  ];
  return rects(
    parts.filter((_, i) => quadrants[i] === '1'),
    fill,
  );
}
