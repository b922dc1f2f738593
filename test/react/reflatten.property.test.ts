import fc from 'fast-check';
import { expect, it } from 'vitest';
import { flatten, type Part, reflatten } from '../../src/react/cache-entry.js';
import { SpliceNotes } from '../../src/walker/splice-note.js';
import { spliceHolds } from '../helpers/splice-notes.js';

const provider = { mcpTools: () => [] };
let fresh = 0;
/** A fiber's nodes. */
function part(size: number): Part {
  return Array.from({ length: size }, () => ({
    type: 'w',
    id: `n${fresh++}`,
    attrs: {},
    children: [],
    provider,
  }));
}

type Edit =
  | { kind: 'same'; at: number; inner: boolean }
  | { kind: 'resize' | 'insert'; at: number; size: number }
  | { kind: 'remove'; at: number }
  | { kind: 'two'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('same' as const),
    at: fc.nat(20),
    inner: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('resize' as const, 'insert' as const),
    at: fc.nat(20),
    size: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('two' as const), at: fc.nat(20) }),
);

function apply(parts: readonly Part[], e: Edit, notes: SpliceNotes): Part[] {
  const next = [...parts];
  if (parts.length === 0) return [part(1)];
  const at = e.at % parts.length;
  const old = parts[at]!;
  switch (e.kind) {
    case 'same':
      // A part of the same length; with `inner`, one node of it replaced and noted (a nested update).
      if (e.inner) {
        next[at] = notes.overwritten(old, old.length - 1, part(1), 0, 1);
      } else next[at] = part(old.length);
      return next;
    case 'resize':
      next[at] = part(e.size);
      return next;
    case 'insert':
      next.splice(at, 0, part(e.size));
      return next;
    case 'remove':
      next.splice(at, 1);
      return next;
    case 'two':
      next[at] = part(old.length);
      next[(at + 2) % next.length] = part(1);
      return next;
  }
}

it('reflatten gives what flatten gives, noted truly against the last list', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 0, maxLength: 8 }),
      fc.array(edit, { minLength: 1, maxLength: 10 }),
      (sizes, edits) => {
        const notes = new SpliceNotes();
        let parts: readonly Part[] = sizes.map((size) => part(size));
        let nodes = flatten(parts);
        for (const e of edits) {
          const next = apply(parts, e, notes);
          const got = reflatten(next, parts, nodes, notes);
          expect([...got]).toEqual(next.flat());
          const note = notes.spliceOf(got);
          if (note !== undefined) {
            expect(spliceHolds(got, note)).toBe(true);
            // Noted against the list it replaced, or (one part) it is that part, noted against its own last.
            expect(note.from === nodes || (next.length === 1 && got === next[0])).toBe(true);
          }
          if (next.length > 1 && note !== undefined) expect(notes.spliceFrom(got, nodes)).toBe(note);
          parts = next;
          nodes = got;
        }
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
  );
});
