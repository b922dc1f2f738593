#!/usr/bin/env node
// One closing line for a CI log that holds several test runs: `P passed, F failed, S skipped`, the sum
// of every Vitest summary (`Tests  …`) and Node test runner report (`# pass N`, `ℹ pass N`) in the log
// file given (`node scripts/test-tally.mjs LOG`; its tests: scripts/test-tally.test.mjs).
// The service that runs .ci/run judges whether tests ran from a run's closing lines: the summaries of
// the test runners it knows, or a plain `N passed, N failed` line. Vitest's summary is not among them
// (two landings were marked as having run no test), so this line is printed last, bare: a third landing
// with a `tests:` word before it was marked the same, so nothing stands before the counts. Exits 1 when the
// log holds no summary at all: a test command that ran nothing turns CI red instead of passing.
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node scripts/test-tally.mjs LOG (a file holding the output of test runs)');
  process.exit(2);
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: Vitest colours its summary with ANSI escapes.
const plain = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const tally = { passed: 0, failed: 0, skipped: 0 };
let runs = 0;
// `      Tests  1 failed | 3 passed | 7 skipped (11)` — one per Vitest run; `todo` counts as skipped.
for (const [, parts] of plain.matchAll(/^\s*Tests\s+(.+?)\s+\(\d+\)\s*$/gm)) {
  runs += 1;
  for (const [, n, kind] of parts.matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
    tally[kind === 'todo' ? 'skipped' : kind] += Number(n);
  }
}
// Node's test runner closes each run with `# pass 4` (tap) or `ℹ pass 4` (spec), one line per count.
const NODE_KINDS = { pass: 'passed', fail: 'failed', skipped: 'skipped', todo: 'skipped' };
for (const [, kind, n] of plain.matchAll(/^(?:#|\u2139) (pass|fail|skipped|todo) (\d+)\s*$/gm)) {
  if (kind === 'pass') runs += 1;
  tally[NODE_KINDS[kind]] += Number(n);
}
if (runs === 0) {
  console.error(`${file} holds no test summary (Vitest's or Node's): no test ran`);
  process.exit(1);
}
console.log(`every test run above (${runs} ${runs === 1 ? 'run' : 'runs'}), summed:`);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
