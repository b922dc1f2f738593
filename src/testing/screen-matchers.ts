import { lineDiff } from '../util/line-diff.js';
import { maskVolatile } from '../util/mask-volatile.js';
import { answerText, type RecordedAnswer } from '../util/recording.js';

/** What vitest (and Jest) give a matcher as `this`: only what these use. */
export interface MatcherContext {
  isNot: boolean;
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
}

/**
 * Matchers for `expect.extend(screenMatchers)` (vitest or Jest: neither is imported here, so
 * `ink-mcp/testing` needs neither):
 *
 * - `expect(screen).toMatchScreen(expected)`: a screen (text) equals `expected`, trailing spaces of
 *   each line and blank lines at the end ignored, volatile parts (times, durations, ids) masked in both.
 * - `expect(answer).toMatchAnswer(expected)`: a tool call's result reads `expected`: its text blocks,
 *   one after another, under a first line `[error]` when it is an error; masked likewise.
 *
 * A failure shows a line diff (`-` expected, `+` actual).
 */
export const screenMatchers = {
  toMatchScreen(this: MatcherContext, received: unknown, expected: string): MatcherResult {
    return compare('screen', typeof received === 'string' ? received : String(received), expected);
  },
  toMatchAnswer(this: MatcherContext, received: unknown, expected: string): MatcherResult {
    const text =
      typeof received === 'object' && received !== null
        ? answerText(received as RecordedAnswer)
        : String(received);
    return compare('answer', text, expected);
  },
};

/** A screen or an answer as compared: volatile parts masked, trailing spaces and blank end lines gone. */
export function normalizeScreen(text: string, sessions?: readonly string[]): string {
  return maskVolatile(text, sessions ? { sessions } : {})
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

function compare(what: string, received: string, expected: string): MatcherResult {
  const actual = normalizeScreen(received);
  const wanted = normalizeScreen(expected);
  const pass = actual === wanted;
  // No `actual`/`expected`: vitest would print its own diff of them after this one.
  return {
    pass,
    message: () =>
      pass
        ? `expected the ${what} not to match, but it does:\n${actual}`
        : `expected the ${what} to match (- expected, + actual):\n${lineDiff(wanted, actual)}`,
  };
}
