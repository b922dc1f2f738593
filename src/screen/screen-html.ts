import type { ScreenSize } from './screen-view.js';
import type { Style } from './sgr.js';
import type { StyledLine } from './styled-text.js';
import { blend, colourHex, DEFAULT_BACKGROUND, DEFAULT_FOREGROUND } from './terminal-palette.js';

/**
 * The styled screen as HTML, for a page (the watcher's, a chat client's view): one `<pre>` of rows,
 * each run a `<span>` with its colours and flags inline, painted with the screenshot's palette
 * (terminal-palette.ts), so the page and a screenshot show the same colours. Pure and
 * self-contained: no classes to define, nothing fetched; every character of the screen is escaped,
 * so whatever an app draws is shown as text and never read as markup.
 */

/** What a page shows of a session's screen. */
export interface ScreenHtmlInput {
  /** The rows shown, top first (`Session.screenPicture().lines`). */
  lines: readonly StyledLine[];
  size: ScreenSize;
  /** Which widget has focus, in words (`Session.focus()`): shown under the screen. */
  focus?: string | undefined;
}

/** The screen as one HTML fragment: a `<div class="ink-screen">` holding the `<pre>` and the focus line. */
export function screenHtml(input: ScreenHtmlInput): string {
  const columns = Math.max(1, Math.floor(input.size.columns));
  const rows = Math.max(1, Math.floor(input.size.rows));
  const body = input.lines
    .slice(0, rows)
    .map((line) => line.map(spanHtml).join(''))
    .join('\n');
  const pre =
    `<pre class="ink-screen-rows" data-columns="${columns}" data-rows="${rows}" style="margin:0;padding:6px 8px;` +
    `background:${DEFAULT_BACKGROUND};color:${DEFAULT_FOREGROUND};font:14px/18px 'DejaVu Sans Mono',Menlo,Consolas,monospace;` +
    `width:${columns}ch;min-height:${rows * 18}px;white-space:pre;overflow:hidden">${body}</pre>`;
  const focus =
    input.focus === undefined
      ? ''
      : `<div class="ink-screen-focus" style="font:12px sans-serif;color:#555;margin-top:4px">Focus: ${escapeHtml(input.focus)}</div>`;
  return `<div class="ink-screen">${pre}${focus}</div>`;
}

/** One run: plain text as is, a styled one in a span with its look inline. */
function spanHtml(span: { text: string; style: Style }): string {
  const text = escapeHtml(span.text);
  const css = styleCss(span.style);
  return css === '' ? text : `<span style="${css}">${text}</span>`;
}

/** A style as inline CSS, by the rules of the screenshot (screen-svg.ts): inverse swaps, dim fades. */
export function styleCss(style: Style): string {
  if (Object.keys(style).length === 0) return '';
  let fg = colourHex(style.fg);
  let bg = colourHex(style.bg);
  if (style.inverse) [fg, bg] = [bg ?? DEFAULT_BACKGROUND, fg ?? DEFAULT_FOREGROUND];
  if (style.dim) fg = blend(fg ?? DEFAULT_FOREGROUND, bg ?? DEFAULT_BACKGROUND);
  const parts: string[] = [];
  if (fg !== undefined) parts.push(`color:${fg}`);
  if (bg !== undefined) parts.push(`background:${bg}`);
  if (style.bold) parts.push('font-weight:bold');
  if (style.italic) parts.push('font-style:italic');
  const lines = [style.underline ? 'underline' : '', style.strikethrough ? 'line-through' : ''].filter(
    Boolean,
  );
  if (lines.length > 0) parts.push(`text-decoration:${lines.join(' ')}`);
  if (style.hidden) parts.push('visibility:hidden');
  return parts.join(';');
}

/** Text as HTML text or attribute value: the five characters markup reads, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
