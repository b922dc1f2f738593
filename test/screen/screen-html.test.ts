import { describe, expect, it } from 'vitest';
import { escapeHtml, screenHtml } from '../../src/screen/screen-html.js';
import { parseStyled } from '../../src/screen/styled-text.js';

describe('screenHtml', () => {
  it('draws each run with its colours and flags inline, in the screenshot palette', () => {
    const lines = parseStyled('\u001b[32m✔ done\u001b[39m \u001b[1;7mnext\u001b[0m\nplain');
    const html = screenHtml({ lines, size: { columns: 20, rows: 3 }, focus: '"todo" (Ink focus)' });
    expect(html).toContain('<span style="color:#00cd00">✔ done</span>');
    // inverse: default text and background swapped; bold.
    expect(html).toContain('<span style="color:#1e1e1e;background:#e5e5e5;font-weight:bold">next</span>');
    expect(html).toContain('\nplain</pre>');
    expect(html).toContain('Focus: &quot;todo&quot; (Ink focus)');
    expect(html).toContain('width:20ch');
  });

  it('shows markup an app draws as text, never as markup', () => {
    const lines = parseStyled('<img src=x onerror=alert(1)> & "q"');
    const html = screenHtml({ lines, size: { columns: 40, rows: 1 } });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('leaves out rows past the terminal', () => {
    const lines = parseStyled('a\nb\nc');
    expect(screenHtml({ lines, size: { columns: 5, rows: 2 } })).toMatch(/>a\nb<\/pre>/);
  });
});

describe('sgrOf', () => {
  it('writes a style back as SGR that reads as the same style', async () => {
    const { applySgr, PLAIN, sgrOf, styleKey } = await import('../../src/screen/sgr.js');
    for (const params of ['1;32', '7', '2;3;4;9;41', '38;2;1;2;3;48;5;200', '93;104']) {
      const style = applySgr(PLAIN, params);
      const written = sgrOf(style).slice(2, -1);
      expect(styleKey(applySgr(PLAIN, written))).toBe(styleKey(style));
    }
  });
});
