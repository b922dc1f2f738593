import { ActionError } from '../../walker/action-error.js';
import { PatternWorker, PatternWorkerError } from './pattern-worker.js';

/**
 * `screen.wait_for`'s `pattern`: a regular expression that cannot hang the app. It runs on RE2
 * (re2js), whose time is linear in the screen's length, in a worker thread (pattern-worker.ts), so
 * the event loop never waits on it. RE2 has no backreferences and no lookaround: those are refused
 * here, by name, before anything waits; any other syntax RE2 rejects is refused with RE2's reason.
 */
export interface ScreenPattern {
  /** Whether the pattern matches anywhere in `screen` (`^` and `$` also match at line ends). */
  test(screen: string): Promise<boolean>;
  /** Done: a check still running is stopped. */
  release(): void;
}

const RE2_HINT =
  'Patterns use RE2 syntax, which runs in linear time: JavaScript syntax without backreferences or lookaround';

/** Compiles `pattern`, or throws an ActionError saying what is wrong and what to write instead. */
export async function compileScreenPattern(pattern: string): Promise<ScreenPattern> {
  const shown = JSON.stringify(pattern);
  const unsupported = unsupportedSyntax(pattern);
  if (unsupported !== undefined) {
    throw new ActionError(
      `ink-mcp: screen.wait_for: pattern ${shown} uses ${unsupported}, which is not supported. ${RE2_HINT}. ` +
        'Match the text itself (what a lookahead looks for can be part of the pattern; a repeated group can be written out), or pass `text` for a plain substring.',
    );
  }
  const worker = PatternWorker.take();
  let complaint: string | undefined;
  try {
    complaint = await worker.compile(pattern);
  } catch (error) {
    worker.release();
    const why = error instanceof PatternWorkerError ? error.message : String(error);
    throw new ActionError(
      `ink-mcp: screen.wait_for could not start its pattern matcher (${why}); nothing was waited for. Pass \`text\` for a plain substring instead.`,
    );
  }
  if (complaint !== undefined) {
    worker.release();
    // RE2 quotes the pattern with the multiline flag it was compiled with: `(?m)…`.
    throw new ActionError(
      `ink-mcp: screen.wait_for: pattern ${shown} is not a valid regular expression (${complaint.replace('`(?m)', '`')}). ${RE2_HINT}. Fix it, or pass \`text\` for a plain substring.`,
    );
  }
  return { test: (screen) => worker.test(screen), release: () => worker.release() };
}

/**
 * What of JavaScript's syntax RE2 cannot run, named for the agent: undefined if none. Scanned here
 * rather than left to RE2, whose translation of JavaScript syntax would turn `\k<name>` into the
 * letters `k<name>` without a word, and whose messages do not say what to use instead.
 */
export function unsupportedSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `a backreference (\\${next})`;
      if (!inClass && next === 'k' && pattern[i + 2] === '<') return 'a named backreference (\\k<…>)';
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[i + 1] === '?') {
      const head = pattern.slice(i + 2, i + 4);
      if (head.startsWith('=')) return 'a lookahead ((?=…))';
      if (head.startsWith('!')) return 'a negative lookahead ((?!…))';
      if (head === '<=') return 'a lookbehind ((?<=…))';
      if (head === '<!') return 'a negative lookbehind ((?<!…))';
    }
  }
  return undefined;
}
