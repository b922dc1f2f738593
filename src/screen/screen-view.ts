/**
 * The screen an agent reads is what a person sees: at most the terminal's rows and columns. A frame
 * taller than the terminal shows its last rows (Ink clears the terminal and writes the whole frame
 * when it is taller, so the person sees the bottom: node_modules/ink/build/ink.js, onRender), and a
 * note line says what is cut and how to read it. The full data stays in the tree resource.
 */

export interface ScreenSize {
  columns: number;
  rows: number;
}

export interface ScreenViewOptions extends ScreenSize {
  /** The first line to show (0 is the top). @default the last `rows` lines, as the terminal shows them */
  offset?: number | undefined;
  /** Names the resources the note points to. */
  sessionId: string;
}

export interface ScreenView {
  /** The lines shown, each at most `columns` wide. */
  text: string;
  /** One line saying what is cut and how to read the rest; undefined when nothing is. */
  note: string | undefined;
}

/** `text` (already cleaned: no escapes, no invisible characters) as a `rows` × `columns` terminal shows it. */
export function viewScreen(text: string, options: ScreenViewOptions): ScreenView {
  // The usual screen, shown whole: no copy of its lines.
  if (
    (options.offset === undefined || options.offset === 0) &&
    fitsWhole(text, Math.max(1, Math.floor(options.rows)), Math.max(1, Math.floor(options.columns)))
  )
    return { text, note: undefined };
  const view = viewLines(text === '' ? [] : text.split('\n'), options, fitColumns);
  return { text: view.lines.join('\n'), note: view.note };
}

/** Lines of any form (plain text, styled spans) as a terminal shows them, and the note on what is cut. */
export interface LinesView<L> {
  lines: L[];
  note: string | undefined;
}

/**
 * The rows of `lines` a `rows` × `columns` terminal shows (from `offset`, or the last ones), each
 * cut by `fitLine` to the columns (it returns the line itself when it fits), and the note saying
 * what is cut. One rule for every form a screen is read in.
 */
export function viewLines<L>(
  lines: readonly L[],
  options: ScreenViewOptions,
  fitLine: (line: L, columns: number) => L,
): LinesView<L> {
  const { sessionId } = options;
  const rows = Math.max(1, Math.floor(options.rows));
  const columns = Math.max(1, Math.floor(options.columns));
  const total = lines.length;
  const readMore = `screen.read {"offset": N} or ink://${sessionId}/screen?offset=N, N being the first line to show (0 is the top)`;
  if (options.offset !== undefined && options.offset > 0 && options.offset >= total) {
    return {
      lines: [],
      note: `(Offset ${options.offset} is past the end: the screen has ${total} ${plural(total, 'line')}. Read it with ${readMore}.)`,
    };
  }
  const start = options.offset ?? Math.max(0, total - rows);
  const end = Math.min(total, start + rows);
  let cut = 0;
  const shown = lines.slice(start, end).map((line) => {
    const fitted = fitLine(line, columns);
    if (fitted !== line) cut++;
    return fitted;
  });
  const parts: string[] = [];
  if (start > 0 || end < total) {
    const hidden = [
      ...(start > 0 ? [`${start} above`] : []),
      ...(end < total ? [`${total - end} below`] : []),
    ].join(' and ');
    const to = Number.isFinite(rows) ? ` to the terminal's ${rows} rows` : '';
    parts.push(
      `Lines ${start + 1}–${end} of ${total} shown (${hidden} cut${to}); read others with ${readMore}.`,
    );
  }
  if (cut > 0) {
    parts.push(
      `${cut} ${plural(cut, 'line')} cut at the terminal's ${columns} columns; ink://${sessionId}/tree has the full data.`,
    );
  }
  return { lines: shown, note: parts.length === 0 ? undefined : `(${parts.join(' ')})` };
}

/** A view as one text: the note line first (it says what is above), then the lines. */
export function viewText(view: ScreenView): string {
  if (view.note === undefined) return view.text;
  return view.text === '' ? view.note : `${view.note}\n${view.text}`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** At most `rows` lines, none of which could be wider than `columns` (two cells a code unit at most). */
function fitsWhole(text: string, rows: number, columns: number): boolean {
  if (text === '') return true;
  let lines = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if ((stop - start) * 2 > columns || ++lines > rows) return false;
    if (end < 0) return true;
    start = end + 1;
  }
}

/** `line` cut to at most `columns` terminal cells; `line` itself when it fits. */
function fitColumns(line: string, columns: number): string {
  // No code unit takes more than two cells: most lines need no counting.
  if (line.length * 2 <= columns) return line;
  let width = 0;
  let end = 0;
  for (const char of line) {
    const w = cellWidth(char.codePointAt(0) as number);
    if (width + w > columns) return line.slice(0, end);
    width += w;
    end += char.length;
  }
  return line;
}

const COMBINING = /\p{M}/u;

/**
 * Cells a code point takes in a terminal: 0 for combining marks, 2 for East Asian wide and
 * full-width characters and the emoji blocks, 1 otherwise (the common ranges of Unicode's
 * East_Asian_Width W and F; the screen is already cleaned of controls and invisible characters).
 */
export function cellWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if (COMBINING.test(String.fromCodePoint(cp))) return 0;
  if (cp < 0x1100) return 1;
  const wide =
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}

/**
 * A call's value that is itself the screen (`screen.read`): its answer shows it once, in place of
 * the "Screen after the call" section every other answer carries.
 */
export class ScreenReading {
  constructor(readonly text: string) {}
}
