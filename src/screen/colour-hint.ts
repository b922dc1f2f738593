import type { StyledLine } from './styled-text.js';

/**
 * The coloured text of the shown lines, wherever its line is: equal for two screens that show the
 * same text in the same colours at the same columns, even when lines came or went above it (a log
 * line scrolls everything up; that changes no colour). Only colours count: bold or inverse shows in
 * no plain text either, but an input's inverse cursor moves with every key, and saying so each time
 * is noise.
 */
export function colourLayout(lines: readonly StyledLine[]): string {
  const parts: string[] = [];
  for (const line of lines) {
    let column = 0;
    for (const span of line) {
      const { fg, bg } = span.style;
      if ((fg !== undefined || bg !== undefined) && span.text.trim() !== '')
        // Trailing blanks aside: a picture keeps those of a coloured run at a line's end, text does not.
        parts.push(`${column}:${JSON.stringify(span.text.trimEnd())}=${fg ?? ''}/${bg ?? ''}`);
      column += span.text.length;
    }
  }
  return parts.sort().join(' ');
}

/** What an answer says when the colours on its screen changed: plain text cannot show them. */
export const COLOUR_HINT =
  '(The colours on this screen changed, and plain text does not show them: screen.read {"styles": true} shows which text has which colour.)';

/**
 * Whether a plain screen needs the hint: it does when its colours are not the ones the agent last
 * got from this session (in a styled read, or told of by a hint). A screen whose colours carry
 * state (Wordle's letters, a highlighted row) says so when that state changes, and a colourful but
 * unchanging one says so once.
 */
export class ColourWatch {
  #seen = '';

  /** The hint for a plain screen with this colour layout, if it needs one. */
  plain(layout: string): string | undefined {
    const changed = layout !== '' && layout !== this.#seen;
    this.#seen = layout;
    return changed ? COLOUR_HINT : undefined;
  }

  /** A styled screen with this layout was shown: its colours are known. */
  shown(layout: string): void {
    this.#seen = layout;
  }
}
