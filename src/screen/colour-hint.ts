import { styledMarkup } from './style-markup.js';
import type { StyledLine } from './styled-text.js';

/**
 * The coloured text of the shown lines, wherever its line is: equal for two screens that show the
 * same text in the same colours at the same columns, even when lines came or went above it (a log
 * line scrolls everything up; that changes no colour). Only colours count: bold or inverse shows in
 * no plain text either, but an input's inverse cursor moves with every key, and saying so each time
 * is noise.
 */
export function colourLayout(lines: readonly StyledLine[]): string {
  return lines.flatMap(colourParts).sort().join(' ');
}

/** One line's coloured runs (`column:"text"=fg/bg`), '' for a line without colour. */
function lineColours(line: StyledLine): string {
  return colourParts(line).join(' ');
}

function colourParts(line: StyledLine): string[] {
  const parts: string[] = [];
  let column = 0;
  for (const span of line) {
    const { fg, bg } = span.style;
    if ((fg !== undefined || bg !== undefined) && span.text.trim() !== '')
      // Trailing blanks aside: a picture keeps those of a coloured run at a line's end, text does not.
      parts.push(`${column}:${JSON.stringify(span.text.trimEnd())}=${fg ?? ''}/${bg ?? ''}`);
    column += span.text.length;
  }
  return parts;
}

/** What an answer says when too many colours changed to show them: plain text cannot. */
export const COLOUR_HINT = '(The colours on this screen changed; screen.read {"styles": true} shows them.)';

/** How the rows whose colours changed are introduced, under a plain screen. */
export const COLOUR_ROWS_HEAD = 'Colours that changed, by row';

/**
 * The markup in brief, in every answer that has such rows: the whole legend (style-markup.ts) is
 * ~170 characters, which a 12-step session paid six times over (issue #38, S3). Rich's markup is
 * one models know; the escape is the one thing in it that is ours.
 */
export const COLOUR_ROWS_LEGEND = '[style]text[/] as in Rich; \\[ is a literal [';

/** The rows' heading as the first answer with colour rows gives it: with the legend. */
const ROWS_HEADING = `${COLOUR_ROWS_HEAD} (${COLOUR_ROWS_LEGEND}):\n`;

/**
 * A screen's colour rows headed without the legend, for a client that has had it (src/server/told.ts).
 * A screen without the heading is returned as it is.
 */
export function withoutLegend(screen: string): string {
  const at = screen.lastIndexOf(`\n${ROWS_HEADING}`);
  return at < 0
    ? screen
    : `${screen.slice(0, at)}\n${COLOUR_ROWS_HEAD}:\n${screen.slice(at + 1 + ROWS_HEADING.length)}`;
}

/** At most this many changed lines are shown in colour in an answer; more get the hint alone. */
export const MAX_COLOUR_LINES = 8;
/** …and at most this many characters of them. */
export const MAX_COLOUR_CHARS = 2_000;

/**
 * Whether a plain screen's colours need saying: they do on the lines whose colours the agent has
 * not got from this session yet (in a styled read, a picture, or an answer before). Those lines
 * are said in the styled form (`[bold white on green(#6aaa64)] C [/]`), row by row, so that a
 * screen whose colours carry state (Wordle's letters, a highlighted row) tells it in the answer
 * where it changed; a colourful screen whose colours all changed at once gets the hint that
 * `screen.read {styles: true}` shows them. A line that only scrolled keeps its colours: not said.
 */
export class ColourWatch {
  #seen = new Set<string>();

  /** What to say under a plain screen of these lines about their colours, if anything. */
  plain(lines: readonly StyledLine[]): string | undefined {
    const colours = lines.map(lineColours);
    const changed = colours.flatMap((line, row) => (line !== '' && !this.#seen.has(line) ? [row] : []));
    this.#seen = new Set(colours.filter((line) => line !== ''));
    if (changed.length === 0) return undefined;
    if (changed.length > MAX_COLOUR_LINES) return COLOUR_HINT;
    const rows = changed.map((row) => `${row + 1}: ${styledMarkup([lines[row] as StyledLine])}`);
    const text = rows.join('\n');
    if (text.length > MAX_COLOUR_CHARS) return COLOUR_HINT;
    return `${ROWS_HEADING}${text}`;
  }

  /** A styled screen or a picture of these lines was shown: their colours are known. */
  shown(lines: readonly StyledLine[]): void {
    this.#seen = new Set(lines.map(lineColours).filter((line) => line !== ''));
  }
}
