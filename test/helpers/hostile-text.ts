import fc from 'fast-check';

/** One character of every class the cleaner removes or turns into a space (docs/internals.md, "The rules the walker enforces"). */
export const cleaningSetChar = fc.constantFrom(
  ...[
    0x0, 0x1b, 0x7f, 0x85, 0x9f, 0x9, 0xa, 0xd, 0xb, 0xc, 0xad, 0x200b, 0x200c, 0x200d, 0x200e, 0x202a,
    0x202e, 0x2066, 0x2069, 0xfeff, 0x2028, 0x2029, 0xe0001, 0xe0020, 0xe0041, 0xe007f, 0xe000, 0xf8ff,
    0xf0000, 0x10fffd, 0x34f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0xfe00, 0xfe0f, 0xe0100, 0xe01ef,
  ].map((cp) => String.fromCodePoint(cp)),
);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** Text mixing cleaning-set characters, lone surrogates, any code unit, graphemes and prototype words. */
export function hostileText(maxLength: number, minLength = 0): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { arbitrary: cleaningSetChar, weight: 3 },
    { arbitrary: loneSurrogate, weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
    { arbitrary: fc.constantFrom('a', 'k', ' ', '.', '__proto__', 'constructor', 'prototype'), weight: 3 },
  );
  return fc.string({ unit, minLength, maxLength });
}
