import { cellShape } from './cell-shapes.js';
import { cellWidth, type ScreenSize } from './screen-view.js';
import type { Style } from './sgr.js';
import type { StyledLine } from './styled-text.js';
import { blend, colourHex, DEFAULT_BACKGROUND, DEFAULT_FOREGROUND } from './terminal-palette.js';

/**
 * A terminal screen as an SVG picture: a grid of fixed cells, one per column and row, each character
 * drawn at its own cell (a wide one takes two), whatever the font's own advance. Backgrounds are
 * rectangles per run; text is one `<text>` per run with a position for every character, so spaces
 * need no whitespace rules and the grid never drifts. What a style shows:
 * - `fg`/`bg`: the palette of terminal-palette.ts (default text `#e5e5e5` on `#1e1e1e`);
 * - `inverse`: text and background swapped (the default ones too: a cursor block shows);
 * - `bold`: the bold face; `italic`: the oblique one; `dim`: text halfway to its background;
 * - `underline` / `strikethrough`: a 1 px line in the text colour; `hidden`: no text.
 * Box-drawing and block characters are shapes that fill their cells (cell-shapes.ts), so borders join.
 */

/** The cell and font metrics of a picture, in pixels. */
export interface CellGeometry {
  /** A column's width. */
  cellWidth: number;
  /** A row's height. */
  cellHeight: number;
  fontSize: number;
  /** From a row's top to the text's baseline. */
  baseline: number;
  /** The font family the rasterizer is given (it must have this monospace face, bold and oblique). */
  fontFamily: string;
}

/** DejaVu Sans Mono at 14 px (advance 8.4 px, ascent 13 px) in 9 × 18 px cells, as a terminal draws it. */
export const CELL: CellGeometry = {
  cellWidth: 9,
  cellHeight: 18,
  fontSize: 14,
  baseline: 14,
  fontFamily: 'DejaVu Sans Mono',
};

export interface ScreenSvg {
  svg: string;
  /** In pixels: columns × cell width, rows × cell height. */
  width: number;
  height: number;
}

/**
 * The picture of `lines` on a `size` terminal (lines past its rows, and cells past its columns, are
 * left out: the caller gives the rows the terminal shows).
 */
export function screenSvg(
  lines: readonly StyledLine[],
  size: ScreenSize,
  cell: CellGeometry = CELL,
): ScreenSvg {
  const columns = Math.max(1, Math.floor(size.columns));
  const rows = Math.max(1, Math.floor(size.rows));
  const width = columns * cell.cellWidth;
  const height = rows * cell.cellHeight;
  const back: string[] = [];
  const front: string[] = [];
  lines.slice(0, rows).forEach((line, row) => {
    let column = 0;
    for (const span of line) {
      if (column >= columns) break;
      column = drawSpan(span.text, span.style, { row, column, columns, cell }, back, front);
    }
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${cell.fontFamily}" font-size="${cell.fontSize}" shape-rendering="crispEdges">` +
    `<rect width="${width}" height="${height}" fill="${DEFAULT_BACKGROUND}"/>` +
    back.join('') +
    front.join('') +
    '</svg>';
  return { svg, width, height };
}

interface Place {
  row: number;
  column: number;
  columns: number;
  cell: CellGeometry;
}

/** Draws one run from `place.column`; returns the column after it. */
function drawSpan(text: string, style: Style, place: Place, back: string[], front: string[]): number {
  const { row, columns, cell } = place;
  const colours = paint(style);
  const top = row * cell.cellHeight;
  const xs: number[] = [];
  let glyphs = '';
  let shapes = '';
  let column = place.column;
  const start = column;
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    const w = cellWidth(cp);
    if (column + w > columns) break;
    const box = { x: column * cell.cellWidth, y: top, width: w * cell.cellWidth, height: cell.cellHeight };
    const shape = w > 0 ? cellShape(cp, box, colours.fg) : undefined;
    if (shape !== undefined) shapes += shape;
    else if (cp !== 0x20 && xmlChar(cp)) {
      xs.push(box.x);
      glyphs += escapeXml(char);
    }
    column += w;
  }
  const x = start * cell.cellWidth;
  const spanWidth = (column - start) * cell.cellWidth;
  if (spanWidth === 0) return column;
  if (colours.bg !== undefined)
    back.push(
      `<rect x="${x}" y="${top}" width="${spanWidth}" height="${cell.cellHeight}" fill="${colours.bg}"/>`,
    );
  if (style.hidden) return column;
  if (shapes !== '') front.push(shapes);
  if (glyphs !== '') {
    const weight = style.bold ? ' font-weight="bold"' : '';
    const slant = style.italic ? ' font-style="italic"' : '';
    front.push(
      `<text x="${xs.join(' ')}" y="${top + cell.baseline}" fill="${colours.fg}"${weight}${slant}>${glyphs}</text>`,
    );
  }
  if (style.underline) front.push(line(x, top + cell.baseline + 2, spanWidth, colours.fg));
  if (style.strikethrough) front.push(line(x, top + Math.round(cell.baseline * 0.65), spanWidth, colours.fg));
  return column;
}

/** The text colour, and the background when it is not the terminal's default. */
function paint(style: Style): { fg: string; bg: string | undefined } {
  let fg = colourHex(style.fg) ?? DEFAULT_FOREGROUND;
  let bg = colourHex(style.bg);
  if (style.inverse) [fg, bg] = [bg ?? DEFAULT_BACKGROUND, fg];
  if (style.dim) fg = blend(fg, bg ?? DEFAULT_BACKGROUND);
  return { fg, bg };
}

function line(x: number, y: number, width: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="1" fill="${fill}"/>`;
}

/** Whether XML 1.0 can carry this code point (the screen is cleaned, but noncharacters may remain). */
function xmlChar(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000;
}

function escapeXml(char: string): string {
  if (char === '&') return '&amp;';
  if (char === '<') return '&lt;';
  if (char === '>') return '&gt;';
  return char;
}
