import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTest } from '../../src/testing/export-test.js';
import { stepTitle } from '../../src/testing/replay.js';
import { normalizeScreen } from '../../src/testing/screen-matchers.js';
import { sessionCommand } from '../../src/testing/session-cli.js';
import { maskVolatile } from '../../src/util/mask-volatile.js';
import { answerText, type RecordedCall, type Recording } from '../../src/util/recording.js';
import { sourceLiteral } from '../../src/util/source-literal.js';
import { runToEnd } from '../helpers/run-to-end.js';

/**
 * Issue #39, items 2 and 6: a recording is a file anyone can have written. Replaying or exporting it
 * never runs what the user did not choose, every value it holds stays data in an exported test, and
 * a recording with a wrong-typed field is refused in one sentence naming the line and the field.
 */

const work = mkdtempSync(join(tmpdir(), 'ink-mcp-hostile-recording-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const todo = fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

function header(launch: Partial<Recording['header']['launch']> = {}, more: Record<string, unknown> = {}) {
  return {
    type: 'header',
    version: 1,
    launch: { preload: false, command: ['node', 'app.js'], env: {}, ...launch },
    cwd: work,
    session: 'todo',
    columns: 80,
    rows: 24,
    time: '2026-12-07T13:00:00.000Z',
    ...more,
  };
}

const aCall = {
  type: 'call',
  seq: 1,
  time: 0.1,
  ms: 3,
  tool: 'todo_screen_read',
  canonical: 'todo.screen.read',
  arguments: {},
  answer: { content: [{ type: 'text', text: 'recorded' }] },
  screen: null,
};

function writeRecording(name: string, lines: object[]): string {
  const file = join(work, name);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

describe('replay runs only what the user chose', () => {
  it("`replay rec -- <your command>` does not apply the recording's environment (a NODE_OPTIONS payload does not run)", async () => {
    const marker = join(work, 'node-options-ran');
    const payload = `--import=data:text/javascript,import('node:fs').then((fs)=>fs.writeFileSync(${JSON.stringify(marker)},'ran'))`;
    const file = writeRecording('env.jsonl', [
      header({ env: { NODE_OPTIONS: payload, INK_MCP_COLUMNS: '60' } }),
      aCall,
    ]);
    const run = io();
    const code = await sessionCommand(
      ['replay', file, '--', process.execPath, '--import', 'tsx', todo, '--stdio'],
      run.io,
    );
    expect(existsSync(marker)).toBe(false);
    // The replay itself ran (the answer differs from the fake recorded one) and says what it left out.
    expect(code).toBe(1);
    expect(run.err()).toMatch(/Not applied to your command: the recording's "NODE_OPTIONS"/);
    expect(run.err()).toMatch(/step 1 of 1 differs/);
  }, 60_000);

  it('`replay rec` of a recording that says `sh -c …` in / shows the command, folder and environment, and runs nothing without --run-recorded', async () => {
    const marker = join(work, 'sh-ran');
    const file = writeRecording('sh.jsonl', [
      header({ command: ['sh', '-c', `touch ${marker}`], env: { EVIL: '1\u202E' } }, { cwd: '/' }),
      aCall,
    ]);
    const run = io();
    const code = await sessionCommand(['replay', file], run.io);
    expect(code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    const said = run.err();
    expect(said).toContain(`  command:     "sh" "-c" "touch ${marker}"`);
    expect(said).toContain('  folder:      "/"');
    // Shown escaped: a bidi override in a recording cannot hide what it says.
    expect(said).toContain('  environment: "EVIL"="1\\u202e"');
    expect(said).toContain('--run-recorded');
    expect(said).not.toContain('\u202E');
  });

  it('with --run-recorded it shows the same, then runs it', async () => {
    const marker = join(work, 'sh-ran-chosen');
    const file = writeRecording('sh-chosen.jsonl', [
      header({ command: ['sh', '-c', `touch ${marker}`] }),
      aCall,
    ]);
    const run = io();
    const code = await sessionCommand(['replay', file, '--run-recorded'], run.io);
    expect(run.err()).toContain(`  command:     "sh" "-c" "touch ${marker}"`);
    expect(existsSync(marker)).toBe(true);
    // `sh` serves no MCP: the replay says it could not start it.
    expect(code).toBe(1);
  }, 60_000);
});

/** Hostile text for every slot of an exported test: each would end a comment, a string or a template, or run. */
const HOSTILE = [
  'line\n;globalThis.__seen.pwned = "lf";//',
  'cr\r;globalThis.__seen.pwned = "cr";//',
  'ls\u2028;globalThis.__seen.pwned = "ls";//',
  'ps\u2029;globalThis.__seen.pwned = "ps";//',
  'nel\u0085x',
  'tick` + (globalThis.__seen.pwned = "tick") + `',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder in recorded text is the attack.
  '${(globalThis.__seen.pwned = "template")}',
  '*/ globalThis.__seen.pwned = "block"; /*',
  'back\\slash\\',
  'quote"\'',
  'bidi\u202Eevil\u202C',
  'tag\u{E0041}',
  'osc\u001B]52;c;cHduZWQ=\u0007',
];

/** Runs an exported test with stand-ins for vitest and ink-mcp/testing; what it passed them, as data. */
async function runExported(source: string) {
  const stubs = fileURLToPath(new URL('./fixtures/export-stubs.mjs', import.meta.url));
  const bundled = await build({
    stdin: { contents: source, loader: 'ts', resolveDir: work, sourcefile: 'exported.test.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins: [
      {
        name: 'stubs',
        setup(b) {
          b.onResolve({ filter: /^(vitest|ink-mcp\/testing|node:url)$/ }, () => ({ path: stubs }));
        },
      },
    ],
  });
  const file = join(work, `exported-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, bundled.outputFiles[0]?.text ?? '');
  const ran = await runToEnd(process.execPath, [file], { cwd: work });
  return {
    code: ran.code,
    stderr: ran.stderr,
    seen: JSON.parse(ran.stdout) as {
      pwned?: string;
      steps: string[];
      calls: { tool: string; args: unknown; callOptions?: { consent?: unknown } }[];
      answers: string[];
      screens: string[];
      launch: Record<string, unknown>;
    },
  };
}

describe('an exported test keeps every recorded value data', () => {
  it('sourceLiteral writes no line end, comment end, bidi or control character raw', () => {
    for (const text of HOSTILE) {
      for (const quoted of [
        sourceLiteral(text),
        sourceLiteral(text, { multiline: true }),
        sourceLiteral({ [text]: [text] }),
      ]) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there.
        expect(quoted).not.toMatch(/[\r\u2028\u2029\u0085\u202E\u001B\u0007]|\*\/|\p{Cf}/u);
        if (!quoted.startsWith('`')) expect(quoted).not.toContain('\n');
      }
    }
  });

  it('a recording whose header, tools, arguments, consent, answers and screens are hostile exports a test that runs none of it and checks exactly them', async () => {
    const calls: RecordedCall[] = HOSTILE.map((text, index) => ({
      type: 'call',
      seq: index + 1,
      time: index,
      ms: 1,
      tool: `t${index}${text}`,
      canonical: `todo.w.a${index}`,
      arguments: {
        ...(JSON.parse('{"__proto__":{"polluted":true}}') as object),
        [text]: text,
        widget: text,
        action: text,
        args: text,
      },
      answer: { content: [{ type: 'text', text: `answer\n${text}` }], isError: index % 2 === 0 },
      screen: `screen\n${text}`,
      approved: true,
      questions: [
        {
          method: 'elicitation/create',
          message: text,
          answer: { action: 'accept', content: { approve: text } },
        },
      ],
    }));
    const recording: Recording = {
      header: {
        type: 'header',
        version: 1,
        launch: {
          preload: true,
          command: ['node', ...HOSTILE],
          env: { INK_MCP_COLUMNS: HOSTILE[0] as string },
        },
        cwd: `${work}/x${HOSTILE[1]}`,
        session: 'todo',
        columns: 80,
        rows: 24,
        time: `2026-12-07\n;globalThis.__seen.pwned = "time";//\u2028;globalThis.__seen.pwned = "time2028";//`,
      },
      open: { type: 'open', protocol: '2025-11-25', client: null, elicitation: true },
      calls,
    };
    const source = exportTest(recording, {
      testFile: join(work, 'exported.test.ts'),
      source: `rec\u2029;globalThis.__seen.pwned = "source";//.jsonl`,
    });
    const { code, stderr, seen } = await runExported(source);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(seen.pwned).toBeUndefined();
    expect(seen.steps).toEqual(calls.map((call, i) => `${i + 1}. ${stepTitle(call)}`));
    expect(seen.calls.map((c) => [c.tool, c.args, c.callOptions?.consent])).toEqual(
      calls.map((c) => [c.tool, c.arguments, [c.questions?.[0]?.answer]]),
    );
    expect(seen.answers).toEqual(calls.map((c) => normalizeScreen(answerText(c.answer), ['todo'])));
    expect(seen.screens).toEqual(calls.map((c) => normalizeScreen(maskVolatile(c.screen ?? ''), ['todo'])));
    expect(seen.launch.command).toEqual([process.execPath, ...HOSTILE]);
    // Only the three lines of the comment at the top are comments.
    expect(source.split('\n').filter((line) => line.startsWith('//'))).toHaveLength(3);
  }, 60_000);
});

describe('a recording with a wrong-typed field is refused in one line, naming the line and the field', () => {
  const cases: [string, object[], RegExp][] = [
    [
      'answer: null',
      [header(), { ...aCall, answer: null }],
      /line 2 of .*: "answer" of its call line must be an object, not null/,
    ],
    [
      'tool: 5',
      [header(), { ...aCall, tool: 5 }],
      /line 2 of .*: "tool" of its call line must be a string, not a number/,
    ],
    [
      'arguments: []',
      [header(), { ...aCall, arguments: [] }],
      /line 2 .*"arguments" .* must be an object, not an array/,
    ],
    [
      'screen: 3',
      [header(), { ...aCall, screen: 3 }],
      /line 2 .*"screen" .* must be a string or null, not a number/,
    ],
    ['questions: "x"', [header(), { ...aCall, questions: 'x' }], /line 2 .*"questions" .* not a string/],
    [
      'answer.content: {}',
      [header(), { ...aCall, answer: { content: {} } }],
      /line 2 .*"answer\.content" .* not an object/,
    ],
    [
      'launch.command: "sh"',
      [header({ command: 'sh' as unknown as string[] }), aCall],
      /line 1 .*"launch\.command" .* not a string/,
    ],
    [
      'launch.env: {A: 1}',
      [header({ env: { A: 1 } as unknown as Record<string, string> }), aCall],
      /line 1 .*"launch\.env" .* must be an object of strings/,
    ],
    ['session: null', [header({}, { session: null }), aCall], /line 1 .*"session" .* not null/],
    ['cwd missing', [header({}, { cwd: undefined }), aCall], /line 1 .*"cwd" .* not missing/],
    [
      'open.elicitation: "yes"',
      [header(), { type: 'open', protocol: null, client: null, elicitation: 'yes' }, aCall],
      /line 2 .*"elicitation" .* not a string/,
    ],
    ['end.time: null', [header(), aCall, { type: 'end', time: null }], /line 3 .*"time" of its end line/],
  ];
  for (const [what, lines, words] of cases) {
    it(`${what}: replay and export-test exit 1 with one line, no stack`, async () => {
      const file = writeRecording(`bad-${what.replace(/\W+/g, '_')}.jsonl`, lines);
      for (const argv of [
        ['replay', file, '--', process.execPath, 'app.js'],
        ['replay', file, '--run-recorded'],
        ['export-test', file, '--out', join(work, 'out.test.ts')],
      ]) {
        const run = io();
        const code = await sessionCommand(argv, run.io);
        expect(code).toBe(1);
        expect(run.err()).toMatch(words);
        expect(run.err()).toMatch(/Record the session again, or fix that line\.\n$/);
        expect(run.err().trimEnd().split('\n')).toHaveLength(1);
        expect(run.out()).toBe('');
      }
      expect(existsSync(join(work, 'out.test.ts'))).toBe(false);
    });
  }

  it('through the built command too: one line on stderr, exit 1 (no stack trace)', async () => {
    const file = writeRecording('bad-cli.jsonl', [header(), { ...aCall, answer: null }]);
    const cli = join(repoRoot, 'src', 'launcher', 'cli.ts');
    for (const argv of [
      ['replay', file, '--', 'node', 'x.js'],
      ['export-test', file, '--out', join(work, 'x.test.ts')],
    ]) {
      const ran = await runToEnd(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { main } = await import(${JSON.stringify(cli)}); await main(process.argv.slice(1));`,
          '--',
          ...argv,
        ],
        { cwd: repoRoot },
      );
      expect(ran.code).toBe(1);
      expect(ran.stderr).toMatch(
        /^ink-mcp: line 2 of ".*bad-cli\.jsonl": "answer" of its call line must be an object, not null\. Record the session again, or fix that line\.\n$/,
      );
    }
    expect(readFileSync(file, 'utf8')).toContain('"answer":null');
  }, 60_000);
});
