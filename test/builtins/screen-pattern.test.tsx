import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { textOf } from './helpers.js';

/**
 * Issue #28, item 5: `screen.wait_for` patterns cannot hang the app. With JavaScript's backtracking
 * RegExp, `(a+)+$` took about 11 s per check on the screen below (26 "a"s; each one more doubles
 * it) and `(\S+\s*)+X` about 2 minutes: `timeout_ms` was ignored and pings went unanswered.
 */

/** An ordinary screen: a build log with a run of letters and no "X". */
const ORDINARY = [
  'Build log',
  `status: compiling ${'a'.repeat(27)}!`,
  'src/index.ts src/app.tsx src/cli.ts done',
  'Press q to quit',
];

function Log({ lines }: { lines: string[] }) {
  return <Text>{lines.join('\n')}</Text>;
}

/** Generous for a loaded 2-core machine: a wait answers by its own timeout plus this. */
const SLACK_MS = 5_000;

async function waitFor(
  app: Awaited<ReturnType<typeof renderHeadless>>,
  pattern: string,
  timeoutMs: number,
): Promise<{ text: string; isError: boolean; ms: number }> {
  const started = performance.now();
  const result = await app.client.callTool({
    name: 'app.screen.wait_for',
    arguments: { text: null, pattern, timeout_ms: timeoutMs },
  });
  return { text: textOf(result), isError: result.isError === true, ms: performance.now() - started };
}

describe('screen.wait_for patterns (linear time, off the event loop)', () => {
  it('catastrophic patterns answer by their timeout: no match, then a match', async () => {
    const app = await renderHeadless(<Log lines={ORDINARY} />, WIDGETS);
    try {
      for (const pattern of ['(a+)+$', '(\\S+\\s*)+X']) {
        const { text, isError, ms } = await waitFor(app, pattern, 1_000);
        expect(isError).toBe(true);
        expect(text).toContain(`did not show /${pattern}/ within 1000 ms`);
        expect(ms).toBeLessThan(1_000 + SLACK_MS);
      }
      const found = await waitFor(app, '(\\S+\\s*)+quit', 1_000);
      expect(found.isError).toBe(false);
      expect(found.text).toContain('The screen shows /(\\S+\\s*)+quit/');
    } finally {
      await app.unmount();
    }
  }, 60_000);

  it('pings are answered while such a wait is pending', async () => {
    const app = await renderHeadless(<Log lines={ORDINARY} />, WIDGETS);
    try {
      // A client's keep-alive: pings on a timer while the wait runs.
      const latencies: number[] = [];
      let sent = 0;
      const pinger = setInterval(() => {
        sent++;
        const at = performance.now();
        void app.client.ping().then(() => latencies.push(performance.now() - at));
      }, 100);
      let result: Awaited<ReturnType<typeof waitFor>>;
      try {
        result = await waitFor(app, '(a+)+$', 3_000);
      } finally {
        clearInterval(pinger);
      }
      expect(result.isError).toBe(true);
      expect(result.ms).toBeLessThan(3_000 + SLACK_MS);
      // A blocked event loop fires no timer and answers no ping until the check ends.
      expect(sent).toBeGreaterThanOrEqual(5);
      expect(latencies.length).toBeGreaterThanOrEqual(sent - 2);
      expect(Math.max(...latencies)).toBeLessThan(SLACK_MS);
    } finally {
      await app.unmount();
    }
  }, 60_000);

  it('a pattern slow even in linear time is stopped at its timeout, and the next wait works', async () => {
    // 20,000 letters: RE2 falls back to its NFA for a counted repetition, seconds per check.
    const letters = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26)));
    const app = await renderHeadless(<Log lines={[letters.join(''), 'done']} />, WIDGETS);
    try {
      const slow = await waitFor(app, '(\\w+\\s*){1,1000}X', 1_000);
      expect(slow.isError).toBe(true);
      expect(slow.text).toContain('within 1000 ms');
      expect(slow.ms).toBeLessThan(1_000 + SLACK_MS);
      const next = await waitFor(app, '^done$', 5_000);
      expect(next.text).toContain('The screen shows /^done$/');
    } finally {
      await app.unmount();
    }
  }, 60_000);

  it('refuses what RE2 cannot run, saying what instead, before waiting', async () => {
    const app = await renderHeadless(<Log lines={ORDINARY} />, WIDGETS);
    try {
      const refusals: [string, string][] = [
        ['(a)\\1', 'a backreference (\\1)'],
        ['(?<n>a)\\k<n>', 'a named backreference'],
        ['q(?= to)', 'a lookahead'],
        ['q(?! to)', 'a negative lookahead'],
        ['(?<=Press )q', 'a lookbehind'],
        ['(?<!x)q', 'a negative lookbehind'],
      ];
      for (const [pattern, named] of refusals) {
        // A long timeout: a refusal that waited would show.
        const { text, isError, ms } = await waitFor(app, pattern, 20_000);
        expect(isError).toBe(true);
        expect(text).toContain(`uses ${named}`);
        expect(text).toContain('which is not supported');
        expect(text).toContain('RE2 syntax');
        expect(text).toContain('`text`');
        expect(ms).toBeLessThan(SLACK_MS);
      }
      const invalid = await waitFor(app, 'status: (ready', 20_000);
      expect(invalid.text).toContain(
        'is not a valid regular expression (error parsing regexp: missing closing ): `status: (ready`)',
      );
      expect(invalid.ms).toBeLessThan(SLACK_MS);
      // Inside a class, `(?=` is three characters.
      const inClass = await waitFor(app, '[(?=]?Press', 1_000);
      expect(inClass.text).toContain('The screen shows');
    } finally {
      await app.unmount();
    }
  }, 60_000);

  it('keeps the syntax agents use: groups, classes, multiline anchors, (?i), named groups, \\u escapes', async () => {
    const app = await renderHeadless(<Log lines={ORDINARY} />, WIDGETS);
    try {
      for (const pattern of [
        'status: (ready|compiling)',
        '^Press q to quit$',
        '^Build log$',
        '(?i)PRESS Q',
        '(?<verb>Press) q',
        '\\bsrc/\\w+\\.tsx\\b',
        '\\u0050ress',
        'a{27}!',
      ]) {
        const { text, isError } = await waitFor(app, pattern, 1_000);
        expect({ pattern, isError, text: text.split('\n')[0] }).toEqual({
          pattern,
          isError: false,
          text: `The screen shows /${pattern}/.`,
        });
      }
    } finally {
      await app.unmount();
    }
  }, 60_000);
});
