import { colourName } from './colour-names.js';
import { FLAGS, PLAIN, type Style } from './sgr.js';
import type { StyledLine } from './styled-text.js';

/**
 * The styled screen as text a model reads: each run in a style other than the terminal's default
 * is wrapped as `[style]text[/]` (the markup of Python's Rich, which models know), where `style` is
 * the flags, then the text colour, then `on` and the background: `[bold black on green]W[/]`.
 * Runs never nest: one closes before the next opens. In this form alone the app's own `[` and `\`
 * are written `\[` and `\\`, so every other `[` opens or closes a marker.
 */
export function styledMarkup(lines: readonly StyledLine[]): string {
  return lines.map(markupLine).join('\n');
}

/** How the form reads, said once above it. */
export const MARKUP_LEGEND =
  '[style]text[/] marks text in a style (flags, text colour, "on" background); \\[ and \\\\ are the app\'s own [ and \\';

function markupLine(line: StyledLine): string {
  return line
    .map((span) =>
      span.style === PLAIN
        ? escapeMarkup(span.text)
        : `[${styleWords(span.style)}]${escapeMarkup(span.text)}[/]`,
    )
    .join('');
}

/** `bold underline red on #6aaa64`: the flags, the text colour, `on` the background. */
export function styleWords(style: Style): string {
  const words: string[] = FLAGS.filter((flag) => style[flag] === true);
  if (style.fg !== undefined) words.push(colourName(style.fg));
  if (style.bg !== undefined) words.push('on', colourName(style.bg));
  return words.join(' ');
}

function escapeMarkup(text: string): string {
  return text.replace(/[[\\]/g, (char) => `\\${char}`);
}
