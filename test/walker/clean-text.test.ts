import { describe, expect, it } from 'vitest';
import { CLEANING_SET_RE, cleanText } from '../../src/walker/clean-text.js';

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The characters that become one space each (docs/internals.md, "The rules the walker enforces"). */
const SPACED = [0x09, 0x0a, 0x0d, 0x0b, 0x0c, 0x85, 0x2028, 0x2029];

/**
 * The cleaning set written independently of the implementation: category by long property name,
 * fillers by number. The exhaustive test below holds `cleanText` (and so `CLEANING_SET_RE`) to it.
 */
const CATEGORIES = [
  /^\p{General_Category=Control}$/u,
  /^\p{General_Category=Format}$/u,
  /^\p{General_Category=Private_Use}$/u,
  /^\p{General_Category=Surrogate}$/u,
  /^\p{General_Category=Line_Separator}$/u,
  /^\p{General_Category=Paragraph_Separator}$/u,
  // Evaluated by the running Node's Unicode tables (process.versions.unicode), as the cleaner is.
  /^\p{General_Category=Unassigned}$/u,
  /^\p{Default_Ignorable_Code_Point}$/u,
];
function inCleaningSet(cp: number): boolean {
  if ([0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800].includes(cp)) return true;
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return true;
  const ch = String.fromCodePoint(cp);
  return CATEGORIES.some((re) => re.test(ch));
}

/** Invisible characters that reached the tool list before Default_Ignorable and Cn were removed. */
const INVISIBLE_SEEN = [
  0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180f, 0x2065, 0xfff0, 0xfff8, 0xe0000, 0xe0080, 0xe01f0,
];

const deleted: Array<[string, number[]]> = [
  ['Cc C0 controls', [0x00, 0x01, 0x07, 0x08, 0x1b, 0x1f]],
  ['Cc DEL and C1 controls', [0x7f, 0x80, 0x84, 0x86, 0x9b, 0x9f]],
  ['Cf soft hyphen', [0xad]],
  ['Cf bidi embeddings and overrides U+202A–202E', [0x202a, 0x202b, 0x202c, 0x202d, 0x202e]],
  ['Cf bidi isolates U+2066–2069', [0x2066, 0x2067, 0x2068, 0x2069]],
  ['Cf bidi marks', [0x200e, 0x200f, 0x061c]],
  ['Cf zero-width space, non-joiner, joiner U+200B–200D', [0x200b, 0x200c, 0x200d]],
  ['Cf word joiner and invisible operators', [0x2060, 0x2061, 0x2064]],
  ['Cf BOM / zero-width no-break space', [0xfeff]],
  ['Cf interlinear annotation', [0xfff9, 0xfffa, 0xfffb]],
  ['Cf tag characters U+E0001, U+E0020–E007F', [0xe0001, 0xe0020, 0xe0041, 0xe007f]],
  ['Co private use (BMP)', [0xe000, 0xf000, 0xf8ff]],
  ['Co supplementary private use A and B', [0xf0000, 0xffffd, 0x100000, 0x10fffd]],
  ['Cs lone high surrogates', [0xd800, 0xdbff]],
  ['Cs lone low surrogates', [0xdc00, 0xdfff]],
  ['combining grapheme joiner U+034F', [0x034f]],
  ['Hangul fillers U+115F, U+1160, U+3164, U+FFA0', [0x115f, 0x1160, 0x3164, 0xffa0]],
  ['braille blank U+2800', [0x2800]],
  ['variation selectors U+FE00–FE0F', [0xfe00, 0xfe07, 0xfe0f]],
  ['variation selectors supplement U+E0100–E01EF', [0xe0100, 0xe0150, 0xe01ef]],
];

describe('cleanText', () => {
  it.each(deleted)('deletes %s', (_name, cps) => {
    for (const cp of cps) {
      const ch = String.fromCodePoint(cp);
      expect(cleanText(`a${ch}b`), hex(cp)).toBe('ab');
      expect(cleanText(ch.repeat(3)), hex(cp)).toBe('');
    }
  });

  it.each([
    ['TAB', 0x09],
    ['LF', 0x0a],
    ['CR', 0x0d],
    ['VT', 0x0b],
    ['FF', 0x0c],
    ['NEL U+0085', 0x85],
    ['Zl line separator U+2028', 0x2028],
    ['Zp paragraph separator U+2029', 0x2029],
  ])('turns %s into one space', (_name, cp) => {
    expect(cleanText(`a${String.fromCodePoint(cp)}b`)).toBe('a b');
  });

  it('gives one space per spacing character, so CRLF is two', () => {
    expect(cleanText('a\r\nb')).toBe('a  b');
    expect(cleanText('a\t\u200Bb')).toBe('a b');
  });

  it('keeps the neighbours of the cleaning set', () => {
    const kept = [
      0x20, 0x7e, 0xa0, 0xac, 0xae, 0x0301, 0x034e, 0x0350, 0x115e, 0x1161, 0x17b3, 0x17b6, 0x180a, 0x1810,
      0x200a, 0x2010, 0x2027, 0x202f, 0x27ff, 0x2801, 0x3163, 0x3165, 0xd7ff, 0xfdff, 0xfe10, 0xff9f, 0xffa1,
      0xffef, 0xfffc, 0xfffd, 0x1f600, 0x20000,
    ].filter((cp) => !inCleaningSet(cp));
    expect(kept.length).toBeGreaterThan(28);
    for (const cp of kept) {
      const s = `a${String.fromCodePoint(cp)}b`;
      expect(cleanText(s), hex(cp)).toBe(s);
    }
  });

  it('deletes every Default_Ignorable_Code_Point and unassigned code point (invisible characters)', () => {
    for (const cp of INVISIBLE_SEEN) expect(cleanText(`a${String.fromCodePoint(cp)}b`), hex(cp)).toBe('ab');
    const ignorable = /^\p{Default_Ignorable_Code_Point}$/u;
    const unassigned = /^\p{Cn}$/u;
    let checked = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (SPACED.includes(cp) || !(ignorable.test(ch) || unassigned.test(ch))) continue;
      checked++;
      if (cleanText(`a${ch}b`) !== 'ab') expect.fail(`${hex(cp)} survived`);
    }
    // Roughly 830,000 unassigned code points on any recent Unicode, plus about 4,000 ignorables.
    expect(checked).toBeGreaterThan(800_000);
  });

  it('keeps text that needs no cleaning as it is', () => {
    for (const s of ['', 'plain ascii', 'naïve café', '日本語', 'e\u0301', '👍🏽', '\u{1F600}', 'a  b']) {
      expect(cleanText(s)).toBe(s);
      expect(CLEANING_SET_RE.test(s)).toBe(false);
    }
  });

  it('keeps surrogate pairs whole but deletes lone halves', () => {
    expect(cleanText('\u{1F600}')).toBe('\u{1F600}');
    expect(cleanText('\uD83D')).toBe('');
    expect(cleanText('x\uDE00\uD83Dy')).toBe('xy'); // low before high: two lone halves
  });

  it('breaks emoji ZWJ sequences into their parts (U+200D is Cf)', () => {
    expect(cleanText('👨\u200D👩')).toBe('👨👩');
  });

  it('agrees with the cleaning set on every code point', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      const expected = SPACED.includes(cp) ? ' ' : inCleaningSet(cp) ? '' : ch;
      if (cleanText(ch) !== expected) wrong.push(hex(cp));
      if (CLEANING_SET_RE.test(ch) !== (expected !== ch)) wrong.push(`${hex(cp)} (regex)`);
    }
    expect(wrong).toEqual([]);
  });
});
