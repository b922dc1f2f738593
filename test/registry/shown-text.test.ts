import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_ARGS, shownArgs, shownText, tooLongToShow } from '../../src/registry/shown-text.js';
import { CLEANING_SET_RE } from '../../src/walker/clean-text.js';
import { hostileText } from '../helpers/hostile-text.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

describe('shownText / shownArgs: what a person reads is what runs', () => {
  it.each([
    ['RIGHT-TO-LEFT OVERRIDE', '\u202E', '\\u202E'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202A', '\\u202A'],
    ['FIRST STRONG ISOLATE', '\u2068', '\\u2068'],
    ['POP DIRECTIONAL ISOLATE', '\u2069', '\\u2069'],
    ['LEFT-TO-RIGHT MARK', '\u200E', '\\u200E'],
    ['RIGHT-TO-LEFT MARK', '\u200F', '\\u200F'],
    ['ARABIC LETTER MARK', '\u061C', '\\u061C'],
    ['ZERO WIDTH SPACE', '\u200B', '\\u200B'],
    ['ZERO WIDTH JOINER', '\u200D', '\\u200D'],
    ['WORD JOINER', '\u2060', '\\u2060'],
    ['BYTE ORDER MARK', '\uFEFF', '\\uFEFF'],
    ['SOFT HYPHEN', '\u00AD', '\\u00AD'],
    ['DEL', '\u007F', '\\u007F'],
    ['C1 CSI', '\u009B', '\\u009B'],
    ['NEXT LINE', '\u0085', '\\u0085'],
    ['LINE SEPARATOR', '\u2028', '\\u2028'],
    ['HANGUL FILLER', '\u3164', '\\u3164'],
    ['TAG LATIN CAPITAL A (beyond U+FFFF: two escapes, as JSON writes it)', '\u{E0041}', '\\uDB40\\uDC41'],
  ])('shows %s escaped', (_name, character, written) => {
    expect(shownText(`rm -rf ${character}x`)).toBe(`rm -rf ${written}x`);
    expect(shownArgs({ path: `a${character}b` })).toBe(`{"path":"a${written}b"}`);
  });

  it('the classic trick: a file named to read "invoice_cod.pdf" that is "invoice_fdp.doc" is shown as it is', () => {
    const name = 'invoice_\u202Efdp.doc';
    expect(shownArgs({ name })).toBe('{"name":"invoice_\\u202Efdp.doc"}');
  });

  it('leaves visible text alone (the same string back), and shows a literal backslash doubled', () => {
    const plain = 'Buy milk — 牛乳を買う 🥛 ñ';
    expect(shownText(plain)).toBe(plain);
    // Text that looks like an escape is told apart from one.
    expect(shownArgs({ t: '\\u202E' })).toBe('{"t":"\\\\u202E"}');
    // ESC is escaped by JSON itself (lowercase), never printed raw.
    expect(shownArgs({ t: '\u001B]0;pwned\u0007' })).toBe('{"t":"\\u001b]0;pwned\\u0007"}');
  });

  it('property: shown arguments carry no invisible, control or format character, and parse back to exactly the arguments', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(hostileText(8), fc.integer(), fc.boolean(), fc.constant(null)),
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(hostileText(4), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(hostileText(6), value, { maxKeys: 4 }), (args) => {
        const shown = shownArgs(args);
        expect(CLEANING_SET_RE.test(shown)).toBe(false);
        expect(JSON.parse(shown)).toEqual(JSON.parse(JSON.stringify(args)));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('tooLongToShow: arguments a person cannot be shown whole are refused before anyone is asked', () => {
  const request = (args: Record<string, unknown>) => ({ tool: 't', args, sessionId: 's' });
  const overhead = '{"t":""}'.length;

  it(`allows up to ${MAX_SHOWN_ARGS} shown characters, refuses one more, saying how long and the limit`, () => {
    expect(MAX_SHOWN_ARGS).toBe(1000);
    expect(tooLongToShow(request({ t: 'x'.repeat(MAX_SHOWN_ARGS - overhead) }))).toBeUndefined();
    expect(tooLongToShow(request({ t: 'x'.repeat(MAX_SHOWN_ARGS - overhead + 1) }))).toEqual({
      length: MAX_SHOWN_ARGS + 1,
      max: MAX_SHOWN_ARGS,
    });
    expect(tooLongToShow(request({}))).toBeUndefined();
  });

  it('measures the text as shown: an escaped character counts as its six', () => {
    const count = Math.ceil((MAX_SHOWN_ARGS - overhead) / 6);
    // Short as raw text, too long once each zero-width space is shown as \u200B.
    const args = { t: '\u200B'.repeat(count) };
    expect(JSON.stringify(args).length).toBeLessThan(MAX_SHOWN_ARGS);
    expect(tooLongToShow(request(args))).toEqual({ length: overhead + count * 6, max: MAX_SHOWN_ARGS });
  });

  it('the case of the issue: 521 characters were shown cut at 297; they are now shown whole', () => {
    const args = { text: 'a'.repeat(510) };
    expect(shownArgs(args).length).toBe(521);
    expect(tooLongToShow(request(args))).toBeUndefined();
  });
});
