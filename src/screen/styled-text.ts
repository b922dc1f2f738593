import { cleanText, ESCAPE_RE } from '../walker/clean-text.js';
import { cellWidth } from './screen-view.js';
import { applySgr, PLAIN, type Style, showsOnSpace, styleKey } from './sgr.js';

/** A run of text in one style. */
export interface Span {
  readonly text: string;
  readonly style: Style;
}

/** One line of a screen: its runs, left to right. */
export type StyledLine = readonly Span[];

const ESCAPES = new RegExp(ESCAPE_RE.source, 'g');
// biome-ignore lint/suspicious/noControlCharactersInRegex: reading terminal escapes is the point.
const SGR = /^(?:\u001B\[|\u009B)([0-9:;]*)m$/;

/**
 * A screen as the terminal drew it (text with escape sequences) as lines of styled runs. The text
 * follows exactly the rules of the plain screen (`cleanScreenText`, trailing blank lines dropped):
 * every escape removed, each character cleaned, trailing blanks trimmed per line. So the runs of a
 * line joined are that line of the plain screen, and both have the same lines. SGR sequences set
 * the style, carried over line breaks as a terminal carries it. With `shownBlanks` (for a picture
 * of the screen), trailing blanks that look different from plain ones (a background, inverse) are
 * kept: a highlighted row shows to its end.
 */
export function parseStyled(raw: string, shownBlanks = false): StyledLine[] {
  const lines: Span[][] = [[]];
  let style = PLAIN;
  const add = (piece: string) => {
    const parts = piece.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) lines.push([]);
      let part = parts[i] as string;
      // CR LF is one line break, as in the plain screen.
      if (i < parts.length - 1 && part.endsWith('\r')) part = part.slice(0, -1);
      const text = cleanText(part);
      if (text !== '') (lines[lines.length - 1] as Span[]).push({ text, style });
    }
  };
  let last = 0;
  for (const match of raw.matchAll(ESCAPES)) {
    add(raw.slice(last, match.index));
    last = match.index + match[0].length;
    const sgr = SGR.exec(match[0]);
    if (sgr) style = applySgr(style, sgr[1] as string);
  }
  add(raw.slice(last));
  const tidy = lines.map((line) => tidyLine(line, shownBlanks));
  while (tidy.length > 0 && (tidy[tidy.length - 1] as StyledLine).length === 0) tidy.pop();
  return tidy;
}

/** The plain text of a styled line. */
export function plainLine(line: StyledLine): string {
  return line.map((span) => span.text).join('');
}

/** `line` cut to at most `columns` terminal cells; `line` itself when it fits. */
export function fitSpans(line: StyledLine, columns: number): StyledLine {
  let width = 0;
  const kept: Span[] = [];
  for (const span of line) {
    let end = 0;
    for (const char of span.text) {
      const w = cellWidth(char.codePointAt(0) as number);
      if (width + w > columns) {
        if (end > 0) kept.push({ text: span.text.slice(0, end), style: span.style });
        return kept;
      }
      width += w;
      end += char.length;
    }
    kept.push(span);
  }
  return line;
}

/**
 * Trailing blanks trimmed (as the plain screen trims them; with `shownBlanks`, not those that show),
 * blank runs whose style does not show on
 * a space made plain (a green space looks like any other) unless they join two runs of one style
 * (`[green]✔ done[/]` rather than two spans), and neighbours of one style merged.
 */
function tidyLine(spans: Span[], shownBlanks: boolean): StyledLine {
  const kept = (span: Span) => shownBlanks && showsOnSpace(span.style);
  let end = spans.length;
  while (end > 0 && (spans[end - 1] as Span).text.trimEnd() === '' && !kept(spans[end - 1] as Span)) end--;
  const trimmed = spans.slice(0, end);
  if (end > 0 && !kept(trimmed[end - 1] as Span)) {
    const lastSpan = trimmed[end - 1] as Span;
    trimmed[end - 1] = { text: lastSpan.text.trimEnd(), style: lastSpan.style };
  }
  const merged: Span[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    let span = trimmed[i] as Span;
    if (span.text.trim() === '' && !showsOnSpace(span.style)) {
      const before = merged[merged.length - 1];
      const after = trimmed[i + 1];
      const bridges =
        before !== undefined &&
        after !== undefined &&
        !showsOnSpace(before.style) &&
        styleKey(before.style) === styleKey(after.style);
      span = { text: span.text, style: bridges ? before.style : PLAIN };
    }
    const previous = merged[merged.length - 1];
    if (previous !== undefined && styleKey(previous.style) === styleKey(span.style)) {
      merged[merged.length - 1] = { text: previous.text + span.text, style: previous.style };
    } else merged.push(span);
  }
  return merged;
}
