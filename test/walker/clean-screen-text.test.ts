import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLEANING_SET_RE, cleanScreenText, cleanText, stripEscapes } from '../../src/walker/clean-text.js';
import { cleaningSetChar } from '../helpers/hostile-text.js';

const ESC = '\u001B';
const BEL = '\u0007';
const ST = `${ESC}\\`;

/** Sequences a terminal acts on without printing them, each with the text a person would see. */
const sequences: Array<[string, string]> = [
  ['CSI SGR', `${ESC}[1;31m${ESC}[0m`],
  ['CSI private mode', `${ESC}[?25l${ESC}[?2004h`],
  ['CSI cursor moves and erase', `${ESC}[2K${ESC}[1A${ESC}[G${ESC}[10;20H`],
  ['8-bit CSI', '\u009B31m'],
  ['OSC 0 title with spaces, BEL', `${ESC}]0;my evil title${BEL}`],
  ['OSC 2 title, ST', `${ESC}]2;title here${ST}`],
  ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example/a b${ST}`],
  ['OSC 52 clipboard', `${ESC}]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==${BEL}`],
  ['8-bit OSC with 8-bit ST', '\u009D0;title\u009C'],
  ['DCS', `${ESC}Pq#0;2;0;0;0#0~~@@${ST}`],
  ['SOS', `${ESC}Xhidden${ST}`],
  ['PM', `${ESC}^hidden${ST}`],
  ['APC', `${ESC}_Gf=100;AAAA${ST}`],
  ['charset designation', `${ESC}(B${ESC})0`],
  ['save and restore cursor', `${ESC}7${ESC}8`],
  ['keypad modes and reset', `${ESC}=${ESC}>${ESC}c`],
  ['DEC line size', `${ESC}#8`],
];

describe('stripEscapes (the one escape stripper)', () => {
  it.each(sequences)('removes %s whole, payload included', (_name, seq) => {
    expect(stripEscapes(`a${seq}b`)).toBe('ab');
  });

  it('removes an OSC title with spaces whole (node:util stripVTControlCharacters leaves its text on Node 20 and 22)', () => {
    expect(stripEscapes(`${ESC}]0;my evil title${BEL}ok`)).toBe('ok');
  });

  it('ends a control string at CAN, SUB or the next escape, and an unterminated one at the end', () => {
    expect(stripEscapes(`a${ESC}]0;x\u0018b`)).toBe('ab');
    expect(stripEscapes(`a${ESC}]0;x\u001Ab`)).toBe('ab');
    expect(stripEscapes(`a${ESC}]0;x${ESC}[1mb`)).toBe('ab');
    expect(stripEscapes(`a${ESC}]52;c;aGk=`)).toBe('a');
  });

  it('keeps text without escapes as it is', () => {
    for (const s of ['', 'plain', 'a [31m b', 'café ] P X ^ _', '日本語\n']) expect(stripEscapes(s)).toBe(s);
  });

  it('leaves no ESC or C1 introducer and keeps plain text around anything (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom(...sequences.map(([, seq]) => seq)),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const out = stripEscapes(pieces.join(''));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape introducers is the point.
        expect(out).not.toMatch(/[\u001B\u009B\u009D\u0090\u0098\u009E\u009F]/);
        // Removing escapes again finds nothing: the stripper leaves no half sequence that forms a new one.
        expect(stripEscapes(out)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });
});

describe('cleanScreenText', () => {
  it('cleans a screen holding every character of the cleaning set and escape sequences, keeping its lines', () => {
    // The characters that introduce a sequence (ESC and the 8-bit CSI, OSC, DCS, SOS, PM, APC) take
    // what follows them as their payload, as a terminal does: they appear in the sequences instead.
    const introducers = [0x1b, 0x90, 0x98, 0x9b, 0x9d, 0x9e, 0x9f];
    const set: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp === 0x0a || introducers.includes(cp) || (cp >= 0xd800 && cp <= 0xdfff)) continue; // LF breaks lines
      const ch = String.fromCodePoint(cp);
      if (CLEANING_SET_RE.test(ch)) set.push(ch);
    }
    set.push('\uD800', '\uDFFF');
    expect(set.length).toBeGreaterThan(800_000);
    const rows = ['┌ Todo ┐', '│ [x] Buy milk │', '└──────┘'];
    const dirty = [
      `${ESC}[2J${ESC}[H${ESC}]0;title${BEL}${rows[0]}${set.join('')}${sequences.map(([, seq]) => seq).join('')}   `,
      `${ESC}[32m${rows[1]}${ESC}[0m${ESC}]8;;https://x.example${ST}${ESC}]52;c;aGk=${BEL}\r`,
      `${ESC}Pq${ST}${rows[2]}\u200B\u202E\u{E0041}\uE000\u0085`,
    ].join('\n');
    const clean = cleanScreenText(dirty);
    expect(clean.split('\n')).toEqual(rows);
  });

  it('turns CR LF into LF, keeps empty lines and trims trailing blanks per line', () => {
    expect(cleanScreenText('a  \r\n\r\n  b\t \r\nc')).toBe('a\n\n  b\nc');
  });

  it('turns TAB, VT, FF, a lone CR and U+2028/U+2029 inside a line into spaces', () => {
    expect(cleanScreenText('a\tb\vc\fd\re\u2028f\u2029g\u0085h')).toBe('a b c d e f g h');
  });

  it('answers what the full cleaning answers, screens already clean included (property)', () => {
    // The full path, without the shortcut for a screen that is clean already.
    const full = (text: string) =>
      stripEscapes(text)
        .split(/\r?\n/)
        .map((line) => cleanText(line).trimEnd())
        .join('\n');
    const unit = fc.oneof(
      { arbitrary: cleaningSetChar, weight: 1 },
      { arbitrary: fc.constantFrom('\n', ' ', '\u00A0', '\u3000', 'a', '│', '日'), weight: 6 },
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(cleanScreenText(text)).toBe(full(text));
      }),
      { numRuns: 3000 },
    );
    for (const text of ['', 'a', 'a\n', '\n\n', 'a \nb', 'a\u00A0', 'count: 1\n│ x │', 'a\r\nb'])
      expect(cleanScreenText(text)).toBe(full(text));
  });

  it('leaves nothing of the cleaning set but line breaks (property)', () => {
    const unit = fc.oneof(cleaningSetChar, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const clean = cleanScreenText(text);
        for (const line of clean.split('\n')) {
          expect(CLEANING_SET_RE.test(line)).toBe(false);
          expect(line).toBe(line.trimEnd());
        }
      }),
      { numRuns: 1000 },
    );
  });
});
