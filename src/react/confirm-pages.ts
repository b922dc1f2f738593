/**
 * The layout of a confirmation question on a terminal of a given size: its text cut into lines that
 * fit (never cut short), and the window of those lines one page shows. Pure: the prompt renders what
 * this returns, so what it shows (and whether the person has seen it all) is decided here.
 */

/**
 * Columns a code point may take, at most: 1 for printable ASCII, 2 for anything else. Terminals and
 * Ink give a code point 0, 1 or 2 columns, so a line measured this way never exceeds its width on any
 * of them, and Ink never wraps it again (a line wrapped twice would make the question taller than
 * counted). Lines of wide text come out shorter than they could be; none comes out too long.
 */
function columnsAtMost(codePoint: number): number {
  return codePoint >= 0x20 && codePoint <= 0x7e ? 1 : 2;
}

/** What a line is never broken inside: an escape as `shownText` writes it (`\u202E`), or one code point. */
const UNITS = /\\u[0-9A-Fa-f]{4}|[\s\S]/gu;

/**
 * `text` in lines of at most `width` columns (see `columnsAtMost`), broken anywhere but inside an
 * escape (JSON has no words worth keeping whole; `\u20` + `0B` would read as neither), every
 * character kept. Expects text already made visible (`shownText`): it has no line breaks or controls
 * of its own. An empty text is one empty line. An escape wider than `width` (under 6) gets a line of
 * its own.
 */
export function wrapLines(text: string, width: number): string[] {
  const max = Math.max(2, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const [unit] of text.matchAll(UNITS)) {
    let columns = 0;
    for (const character of unit) columns += columnsAtMost(character.codePointAt(0) ?? 0);
    if (used + columns > max && line !== '') {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += unit;
    used += columns;
  }
  lines.push(line);
  return lines;
}

/**
 * Prose (the prompt's own help) in lines of at most `width` columns, broken between words where it
 * can be, inside a word only when the word alone is wider than a line.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (wrapLines(joined, width).length === 1) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = wrapLines(word, width);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  lines.push(line);
  return lines;
}

export interface Page<T> {
  /** The lines shown now. */
  readonly lines: readonly T[];
  /** The first shown line's index in the whole question. */
  readonly offset: number;
  /** How many lines the whole question has. */
  readonly total: number;
  /** Whether the last line is on this page. */
  readonly atEnd: boolean;
}

/**
 * The page of `lines` that starts at `offset` and shows at most `height` lines. `offset` is clamped,
 * so that the last page is full: paging past the end shows the end.
 */
export function pageOf<T>(lines: readonly T[], height: number, offset: number): Page<T> {
  const shown = Math.max(1, Math.floor(height));
  const start = Math.max(0, Math.min(Math.floor(offset), lines.length - shown));
  const end = Math.min(lines.length, start + shown);
  return { lines: lines.slice(start, end), offset: start, total: lines.length, atEnd: end >= lines.length };
}
