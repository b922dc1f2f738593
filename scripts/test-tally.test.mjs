// The CI's closing count (scripts/test-tally.mjs), checked with Node's own test runner: `.ci/run` runs
// it right before the count, so a change that breaks the count turns CI red rather than print a
// wrong line.   node --test scripts/test-tally.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./test-tally.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'test-tally-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the tally on a log of `text`: its exit code and its output's lines. */
function tally(text) {
  const log = path.join(dir, `log-${Math.random().toString(36).slice(2)}`);
  writeFileSync(log, text);
  const run = spawnSync(process.execPath, [script, log], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n'), stderr: run.stderr };
}

const vitest = (summary) => ` Test Files  3 passed (3)\n      Tests  ${summary}\n   Start at  20:34:12\n`;
const coloured = (summary) => `\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[32m${summary}\x1b[39m\x1b[22m\n`;
const nodeTap = (pass, fail, skipped, todo) =>
  `# tests ${pass + fail + skipped + todo}\n# suites 0\n# pass ${pass}\n# fail ${fail}\n# cancelled 0\n# skipped ${skipped}\n# todo ${todo}\n# duration_ms 12.5\n`;
const nodeSpec = (pass, fail) =>
  `\u2139 tests ${pass + fail}\n\u2139 suites 0\n\u2139 pass ${pass}\n\u2139 fail ${fail}\n\u2139 cancelled 0\n\u2139 skipped 0\n\u2139 todo 0\n`;

test('sums every run of the log, and its last line is the bare count', () => {
  const { status, lines } = tally(
    `${vitest('1378 passed | 1 skipped (1379)')}noise\n${coloured('53 passed (53)')}${vitest('5 passed | 13 skipped (18)')}`,
  );
  assert.equal(status, 0);
  assert.equal(lines.at(-1), '1436 passed, 0 failed, 14 skipped');
  assert.match(lines.at(-2), /3 runs/);
});

test('counts failures, and todo as skipped', () => {
  const { status, lines } = tally(vitest('2 failed | 9 passed | 1 skipped | 3 todo (15)'));
  assert.equal(status, 0);
  assert.equal(lines.at(-1), '9 passed, 2 failed, 4 skipped');
});

test("counts Node's test runner too, in its tap and spec reports", () => {
  const { lines } = tally(`${vitest('10 passed (10)')}${nodeTap(4, 1, 2, 1)}${nodeSpec(3, 0)}`);
  assert.equal(lines.at(-1), '17 passed, 1 failed, 3 skipped');
});

test('fails, saying so, when the log holds no summary: a test command that ran nothing is not green', () => {
  const { status, stderr } = tally('npm warn something\n> ink-mcp@0.2.0 test\n');
  assert.equal(status, 1);
  assert.match(stderr, /no test ran/);
});
