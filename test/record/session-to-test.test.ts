import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCast } from '../../src/util/asciicast.js';
import { parseRecording, type RecordedCall } from '../../src/util/recording.js';
import { runToEnd } from '../helpers/run-to-end.js';
import { type BuiltPackage, buildPackage, repoRoot } from '../launcher/build.js';

/**
 * The "done when": the todo example (its own copy, so it can be changed) driven by an agent
 * with a real SDK client, recorded; the recording exported to a vitest test in a fresh project
 * (ink-mcp installed as built, vitest resolved from the repo), which passes; then the app's
 * behaviour changed, and the same test fails at the step that shows it, with a diff.
 */
let built: BuiltPackage;
const work = join(repoRoot, 'tmp', `record-${process.pid}`);
const recording = join(work, 'session.jsonl');

beforeAll(async () => {
  built = await buildPackage();
  // The package as installed: its package.json (the exports map) over the built files.
  const packageDir = join(built.bin, '..', '..');
  writeFileSync(join(packageDir, 'package.json'), readFileSync(join(repoRoot, 'package.json')));
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'node_modules'), { recursive: true });
  symlinkSync(packageDir, join(work, 'node_modules', 'ink-mcp'));
  // A project of its own: inside the repo, `ink-mcp` would otherwise resolve to the repo itself
  // (a package's self-reference), not to the installed copy.
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'todo-app', private: true, type: 'module' }),
  );
  // Its own config, so that the repo's (include: test/**) is not the one found.
  writeFileSync(join(work, 'vitest.config.mjs'), 'export default { test: {} };\n');
  // The app's project has its own (the repo's does not include tmp/): tsx takes the JSX setting
  // from it, for the files it includes (the library's sources, which the copy imports, too).
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', jsx: 'react-jsx', strict: true },
      include: ['**/*', '../../index.ts', '../../src', '../../components'],
    }),
  );
  cpSync(join(repoRoot, 'examples', 'cli-args.ts'), join(work, 'cli-args.ts'));
  cpSync(join(repoRoot, 'examples', 'todo'), join(work, 'todo'), { recursive: true });
  // One folder deeper than examples/todo: its imports of the library go one more level up.
  for (const name of readdirSync(join(work, 'todo'))) {
    const file = join(work, 'todo', name);
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replaceAll("'../../src/", "'../../../src/")
        .replaceAll("'../../components/", "'../../../components/"),
    );
  }
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  built?.remove();
});

const act = (widget: string, action: string, args: Record<string, unknown> = {}) => ({
  widget,
  action,
  args: JSON.stringify(args),
});

/** Drives the todo copy as an agent would, recorded (INK_MCP_RECORD, read by renderMcp/startMcp). */
async function recordTodoSession(): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'todo/index.tsx', '--stdio'],
    cwd: work,
    env: { PATH: process.env.PATH ?? '', INK_MCP_RECORD: recording },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'agent', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  const answers = [{ action: 'accept', content: { approve: true } }, { action: 'decline' }] as const;
  let asked = 0;
  client.setRequestHandler('elicitation/create', () => answers[asked++] ?? { action: 'decline' });
  await client.connect(transport);
  try {
    const steps: [string, Record<string, unknown>][] = [
      ['todo_act', act('todos', 'add_item', { text: 'Buy oat milk' })],
      ['todo_act', act('todos', 'add_item', { text: 'Write the README' })],
      ['todo_act', act('todos', 'add_item', { text: 'Ship ink-mcp' })],
      ['todo_act', act('todos', 'toggle', { index: 1 })],
      ['todo_act', act('filter', 'select_tab', { label: 'active' })],
      ['todo_act', act('filter', 'select_tab', { index: 0 })],
      ['todo_keyboard_press', { keys: ['tab', 'tab', 'e'] }],
      ['todo_act', act('edit_item', 'type_into', { text: 'Buy oat milk x2' })],
      ['todo_act', act('edit_item', 'submit')],
      ['todo_act', act('todos', 'delete_item', { index: 2 })],
      ['todo_act', act('todos', 'delete_item', { index: 0 })],
    ];
    for (const [index, [name, args]] of steps.entries()) {
      const result = await client.callTool({ name, arguments: args });
      // Written as the session goes: the call is in the file once it is answered.
      const calls = parseCalls();
      expect(calls).toHaveLength(index + 1);
      expect(calls.at(-1)?.answer).toEqual(result);
    }
  } finally {
    await client.close();
  }
}

function parseCalls(): RecordedCall[] {
  const parsed = parseRecording(readFileSync(recording, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.recording.calls;
}

/** Runs a command to its end; its exit code and output. */
function run(command: string, args: string[], cwd: string) {
  // The nested vitest must not think it is a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  return runToEnd(command, args, { cwd, env: { ...env, CI: '1', NO_COLOR: '1' } });
}

const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

describe('from an agent session to a test (the todo example)', () => {
  it('records every call with its meaning, answer, screen and consent, and the screens as asciicast', async () => {
    await recordTodoSession();
    const parsed = parseRecording(readFileSync(recording, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const { header, open, calls } = parsed.recording;
    expect(header).toMatchObject({
      type: 'header',
      version: 1,
      session: 'todo',
      columns: 100,
      rows: 30,
      cwd: work,
      launch: {
        preload: false,
        command: [process.execPath, '--import', 'tsx', join(work, 'todo', 'index.tsx'), '--stdio'],
      },
    });
    expect(open).toMatchObject({ type: 'open', client: { name: 'agent', version: '1' }, elicitation: true });
    expect(calls.map((c) => c.canonical)).toEqual([
      'todo.todos.add_item',
      'todo.todos.add_item',
      'todo.todos.add_item',
      'todo.todos.toggle',
      'todo.filter.select_tab',
      'todo.filter.select_tab',
      'todo.keyboard.press',
      'todo.edit_item.type_into',
      'todo.edit_item.submit',
      'todo.todos.delete_item',
      'todo.todos.delete_item',
    ]);
    expect(calls.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(calls[3]?.screen).toContain('Write the README');
    expect(calls[9]).toMatchObject({
      approved: true,
      questions: [{ method: 'elicitation/create', answer: { action: 'accept' } }],
    });
    expect(calls[10]).toMatchObject({ approved: false, questions: [{ answer: { action: 'decline' } }] });
    expect(calls[9]?.screen).not.toContain('Ship ink-mcp');
    expect(calls[0]?.approved).toBeUndefined();
    // The end line: the server stopped when the agent went away.
    expect(readFileSync(recording, 'utf8').trim().split('\n').at(-1)).toMatch(/^\{"type":"end"/);

    const cast = parseCast(readFileSync(`${recording}.cast`, 'utf8'));
    if (!cast.ok) throw new Error(cast.message);
    expect(cast.header).toMatchObject({ version: 2, width: 100, height: 30 });
    const shown = cast.events.map(([, , data]) => data).join('');
    expect(shown).toContain('Buy oat milk x2');
    const times = cast.events.map(([time]) => time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }, 120_000);

  it('exports a vitest test that passes in a fresh project, and replays with exit 0', async () => {
    const exported = await run(
      process.execPath,
      [built.bin, 'export-test', recording, '--out', 'todo.test.ts'],
      work,
    );
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('wrote todo.test.ts (11 steps)');
    const test = readFileSync(join(work, 'todo.test.ts'), 'utf8');
    expect(test).toContain("from 'ink-mcp/testing'");
    expect(test).toContain('command: [process.execPath, "--import", "tsx", "./todo/index.tsx", "--stdio"]');
    expect(test).toContain('{ consent: [{"action":"accept","content":{"approve":true}}] }');

    const passed = await run(process.execPath, [vitest, 'run', 'todo.test.ts'], work);
    expect(passed.stdout + passed.stderr).toMatch(/Tests\s+11 passed \(11\)/);
    expect(passed.code).toBe(0);

    const replayed = await run(process.execPath, [built.bin, 'replay', recording, '--run-recorded'], work);
    expect(replayed.stderr).toMatch(
      /^ink-mcp replay: running the command .* was recorded with \(--run-recorded\):\n/,
    );
    expect(replayed.stdout).toBe('ink-mcp replay: all 11 steps match.\n');
    expect(replayed.code).toBe(0);
  }, 180_000);

  it('fails at the step that shows a changed behaviour, with a diff, in the test and in replay', async () => {
    // Toggling no longer marks an item done: step 4 is the first whose answer differs.
    const todos = join(work, 'todo', 'todos.ts');
    writeFileSync(todos, readFileSync(todos, 'utf8').replace('{ ...t, done: !t.done }', '{ ...t }'));

    const failed = await run(process.execPath, [vitest, 'run', 'todo.test.ts'], work);
    const output = failed.stdout + failed.stderr;
    expect(failed.code).toBe(1);
    expect(output).toMatch(/Tests\s+1 failed \| 3 passed \| 7 skipped \(11\)/);
    expect(output).toContain('4. todo_act (todo.todos.toggle)');
    expect(output).toContain('expected the answer to match (- expected, + actual)');
    expect(output).toMatch(/- .*"done": ?true/);
    expect(output).toMatch(/\+ .*"done": ?false/);

    const replayed = await run(
      process.execPath,
      [
        built.bin,
        'replay',
        recording,
        '--',
        process.execPath,
        '--import',
        'tsx',
        'todo/index.tsx',
        '--stdio',
      ],
      work,
    );
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toBe('');
    expect(replayed.stderr).toMatch(
      /^ink-mcp replay: step 4 of 11 differs: todo_act \(todo\.todos\.toggle\)/,
    );
    expect(replayed.stderr).toContain('The answer is not what was recorded (- recorded, + now):');
    expect(replayed.stderr).toMatch(/\n- .*"done": ?true/);
  }, 180_000);
});
