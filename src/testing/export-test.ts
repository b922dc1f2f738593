import { dirname, isAbsolute, relative, sep } from 'node:path';
import { maskVolatile } from '../util/mask-volatile.js';
import { answerText, type Recording, recordedSettings } from '../util/recording.js';
import { sourceLiteral as literal } from '../util/source-literal.js';
import { sessionOf } from '../walker/tool-name.js';
import { consentOf, stepTitle } from './replay.js';
import { normalizeScreen } from './screen-matchers.js';

export interface ExportOptions {
  /** Where the test file will be (the app's folder is written relative to it). */
  testFile: string;
  /** The recording's file name, for the comment at the top. */
  source: string;
  /** Where `launchHeadless` and the matchers come from. @default 'ink-mcp/testing' */
  importFrom?: string;
}

/**
 * A recording as a vitest test: it starts the same app headless (`launchHeadless`), makes the
 * recorded calls in order, answering consent questions as the person did, and checks each answer
 * and the screen after it against the recorded text, inline (`toMatchAnswer`, `toMatchScreen`:
 * volatile parts masked). Once a step fails the later ones are skipped: they would only repeat it.
 */
export function exportTest(recording: Recording, options: ExportOptions): string {
  const { header } = recording;
  const sessions = [header.session];
  const here = dirname(options.testFile);
  const cwd = toPosix(relative(here, header.cwd)) || '.';
  const launch = {
    command: header.launch.command.map((arg, index) => portable(arg, index, header.cwd)),
    preload: header.launch.preload,
    env: recordedSettings(header.launch.env).kept,
    session: header.session,
    elicitation: recording.open?.elicitation ?? true,
  };
  const out: string[] = [
    `// Exported by \`ink-mcp export-test\` from ${literal(options.source)} (recorded ${literal(header.time)}).`,
    "// It replays an agent's session against the app and checks each answer and the screen after it;",
    '// times, durations and ids are masked. After an intended change, record and export again.',
    "import { fileURLToPath } from 'node:url';",
    `import { type HeadlessProcess, launchHeadless, screenMatchers } from '${options.importFrom ?? 'ink-mcp/testing'}';`,
    "import { afterAll, beforeAll, expect, it } from 'vitest';",
    '',
    'expect.extend(screenMatchers);',
    '',
    "declare module 'vitest' {",
    '  // biome-ignore lint/suspicious/noExplicitAny: as vitest declares it',
    '  interface Matchers<T = any> {',
    '    toMatchScreen(expected: string): void;',
    '    toMatchAnswer(expected: string): void;',
    '  }',
    '}',
    '',
    'let app: HeadlessProcess;',
    'let broken = false;',
    '',
    'beforeAll(async () => {',
    '  app = await launchHeadless({',
    ...Object.entries(launch).map(
      ([key, value]) =>
        `    ${key}: ${key === 'command' ? commandSource(value as string[]) : literal(value)},`,
    ),
    `    cwd: fileURLToPath(new URL(${literal(cwd.endsWith('/') ? cwd : `${cwd}/`)}, import.meta.url)),`,
    '  });',
    '}, 60_000);',
    '',
    'afterAll(() => app?.close());',
    '',
    '/** One step of the session; after a failed one the rest are skipped (they would only repeat it). */',
    'function step(title: string, run: () => Promise<void>) {',
    '  it(title, async (ctx) => {',
    '    if (broken) ctx.skip();',
    '    try {',
    '      await run();',
    '    } catch (error) {',
    '      broken = true;',
    '      throw error;',
    '    }',
    '  }, 30_000);',
    '}',
  ];
  for (const [index, call] of recording.calls.entries()) {
    const consent = consentOf(call);
    const callOptions = consent.length > 0 ? `, { consent: ${literal(consent)} }` : '';
    out.push(
      '',
      `step(${literal(`${index + 1}. ${stepTitle(call)}`)}, async () => {`,
      `  const answer = await app.call(${literal(call.tool)}, ${literal(call.arguments)}${callOptions});`,
      `  expect(answer).toMatchAnswer(${literal(normalizeScreen(answerText(call.answer), sessions), MULTILINE)});`,
    );
    if (call.screen !== null)
      out.push(
        `  expect(await app.screen(${literal(sessionOf(call.canonical))})).toMatchScreen(${literal(normalizeScreen(maskVolatile(call.screen), sessions), MULTILINE)});`,
      );
    out.push('});');
  }
  return `${out.join('\n')}\n`;
}

const MULTILINE = { multiline: true } as const;

/** The node that ran the app is whatever node runs the test; a path under the app's folder is relative to it. */
function portable(arg: string, index: number, cwd: string): string {
  if (index === 0 && /(^|[\\/])node(\.exe)?$/.test(arg)) return NODE;
  if (isAbsolute(arg) && (arg === cwd || arg.startsWith(`${cwd}${sep}`))) {
    const rel = toPosix(relative(cwd, arg));
    return rel.startsWith('.') ? rel : `./${rel}`;
  }
  return arg;
}

const NODE = '\u0000node';

function commandSource(command: string[]): string {
  return `[${command.map((arg) => (arg === NODE ? 'process.execPath' : literal(arg))).join(', ')}]`;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
