#!/usr/bin/env node
// Issue #41's "Done when", checked the way a user meets the package: in a new, empty folder,
// `ink-mcp` installed from this repository's `npm pack` tarball beside ink, react and the widget
// libraries (with install scripts off: terminal mode must need no compiler), then one minimal app of
// each class of the issue driven through `npx ink-mcp -- …` by a real MCP client over stdio, each
// answer checked for what its class needs. The apps are ours (test/launcher/apps/), copied into the
// folder; two of them also as npm CLIs installed beside ink-mcp and run with `npx <cli>`.
// Usage: `node scripts/check-packed-apps.mjs [--show] [--only <class>]` (after `npm run build`);
// `--show` prints every answer, `--only 6` runs only the apps of class 6 (`--only cli`: the CLIs).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
// The answer's wording, from its one home (the build this check packs).
import { COLOUR_ROWS_HEAD } from '../dist/src/screen/colour-hint.js';
import { attachInPty, installedVersion, packedProject, repo, step } from './packed-project.mjs';

const APPS = [
  'stdin-first.js',
  'wrapper.js',
  'needs-terminal.js',
  'needs-tty.sh',
  'delayed-view.js',
  'ticker.js',
  'save-on-enter.js',
  'coloured-labels.js',
  'fails-later.sh',
  'prompt-cursor.sh',
  'letter-tiles.js',
];
// The libraries as the repository locks them, so that npm's cache has them.
const LIBRARIES = ['ink', 'react', 'ink-text-input', 'ink-select-input'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding an app's escape codes is the point.
const ESCAPES = /\u001b|\[90m|\[0m|\]8;;/;

const show = process.argv.includes('--show');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const started = performance.now();
const project = packedProject('ink-mcp-packed-apps-');
const { dir, tarball } = project;
const inProject = (name) => join(project.project, name);
writeFileSync(inProject('package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
for (const name of APPS) {
  copyFileSync(join(repo, 'test/launcher/apps', name), inProject(name));
  if (name.endsWith('.sh')) chmodSync(inProject(name), 0o755);
}
const locked = (name) => `${name}@${installedVersion(repo, name)}`;
/**
 * An npm CLI made of one fixture app (its `bin`, with its own dependencies), packed as it would be
 * published: installed beside ink-mcp, npm lays out its Ink and React as for a user's.
 */
function cliPackage(name, file, dependencies) {
  const folder = join(dir, name);
  mkdirSync(folder);
  const manifest = { name, version: '1.0.0', type: 'module', bin: { [name]: 'cli.js' }, dependencies };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(folder, 'cli.js'),
    `#!/usr/bin/env node\n${readFileSync(join(repo, 'test/launcher/apps', file), 'utf8')}`,
  );
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: folder,
    encoding: 'utf8',
  });
  return join(dir, JSON.parse(packed)[0].filename);
}
// A CLI on Ink 5 and React 18 (its own copies, under its folder; the widget library hoisted beside
// ink-mcp's peers), and one that imports Ink late, inside main() (issue #41, the second sweep).
const clis = [
  cliPackage('search-cli', 'text-input-cli.js', {
    ink: installedVersion(repo, 'ink5'),
    react: installedVersion(repo, 'react18'),
    'ink-text-input': installedVersion(repo, 'ink-text-input'),
  }),
  cliPackage('late-cli', 'late-ink.js', {
    ink: installedVersion(repo, 'ink'),
    react: installedVersion(repo, 'react'),
  }),
];
project.shell(`npm install --ignore-scripts ${tarball} ${LIBRARIES.map(locked).join(' ')} ${clis.join(' ')}`);
step(
  `installed on Node ${process.versions.node}: ${LIBRARIES.map((n) => `${n} ${project.installed(n)}`).join(', ')}`,
);
// Terminal mode's pseudo-terminals come from a prebuilt binary: nothing was compiled (no scripts ran).
const prebuilt = `@lydell/node-pty-${process.platform}-${process.arch}`;
if (!existsSync(inProject(`node_modules/${prebuilt}/package.json`))) {
  throw new Error(`check-packed-apps: ${prebuilt} (node-pty's prebuilt binary) was not installed`);
}

/** What a real client's child gets: the SDK's default environment, npm's settings, the runtime folder. */
const childEnv = {
  ...getDefaultEnvironment(),
  ...Object.fromEntries(
    Object.entries(project.env).filter(([key]) => key.startsWith('npm_config_') || key === 'XDG_RUNTIME_DIR'),
  ),
};

/** Fails the check, saying what was expected and the answer that was not it. */
/**
 * Whether an answer's "Actions now" offers `widget`'s `action`: on a line of its own (`widget.action …`)
 * or on its widget's shared line (`widget: action {…} (…), action, …`).
 */
function offers(text, widget, action) {
  const actions = text.slice(text.indexOf('Actions now'));
  return actions.split('\n').some(
    (line) =>
      line.startsWith(`${widget}.${action}`) ||
      (line.startsWith(`${widget}: `) &&
        line
          .slice(widget.length + 2)
          .replace(/\([^)]*\)|\{[^}]*\}/g, '')
          .split(',')
          .some((part) => part.trim().split(' ')[0] === action)),
  );
}

function expect(ok, what, answer) {
  if (!ok) throw new Error(`${what}; the answer was:\n${answer}`);
}

/**
 * `npx ink-mcp [flags] -- <command…>` in the folder, as an MCP client starts a stdio server, driven
 * by `drive`; the client closes after it, whatever happened.
 */
async function run(title, flags, command, drive, env = {}) {
  if (only !== undefined && title.split(' ')[0] !== only) return;
  step(`${title}: npx ink-mcp ${[...flags, '--', ...command].join(' ')}`);
  const transport = new StdioClientTransport({
    command: 'npx',
    args: ['ink-mcp', ...flags, '--', ...command],
    cwd: project.project,
    env: { ...childEnv, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'check-packed-apps', version: '1' });
  const at = performance.now();
  const call = async (name, args = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content.map((c) => c.text ?? '').join('\n');
    if (show)
      process.stdout.write(
        `\n${name} ${JSON.stringify(args)}${result.isError ? ' (isError)' : ''}:\n${text}\n`,
      );
    return { ...result, text };
  };
  try {
    await client.connect(transport);
    await drive({ call, stderr: () => stderr });
    step(`${title}: passed (${((performance.now() - at) / 1000).toFixed(1)} s)`);
  } catch (error) {
    throw new Error(`check-packed-apps: ${title}: ${error.message}\nink-mcp's stderr:\n${stderr}`);
  } finally {
    await client.close();
  }
}

/** The checks, run two at a time (most of a run is waiting on the app: a pair fits 2 cores). */
const checks = [];
const check = (...args) => checks.push(() => run(...args));

const act = (call, widget, action, args = {}) => call('app_act', { widget, action, args });
const waitFor = (call, text) => call('app_screen_wait_for', { text, timeout_ms: 20_000 });

// A failure leaves the folder as it was, for a look.
process.on('exit', (code) => {
  if (code !== 0) process.stderr.write(`\ncheck-packed-apps: failed; the folder stays for a look: ${dir}\n`);
});

// 1. stdin that stays open: an app that reads stdin before Ink starts waits for the agent's keys.
for (const [how, prompt, keys, chars] of [
  ['readline', 'API key:', 'sk-1234\n', 7],
  ['data', 'Type a name, then Enter:', 'sk-1234\n', 7],
  ['raw', 'Press a key to start:', 'x', 1],
]) {
  check(`1 stdin (${how})`, [], ['node', 'stdin-first.js', how], async ({ call }) => {
    const asked = await waitFor(call, prompt);
    expect(!asked.isError, `the prompt "${prompt}" was not shown`, asked.text);
    await call('app_keyboard_type', { text: keys });
    const done = await waitFor(call, `answered ${how}: ${chars} characters`);
    expect(!done.isError, 'the app did not go on to render with Ink', done.text);
    expect(
      done.text.includes('drew on its terminal before it imported Ink'),
      'the Mode line is not why',
      done.text,
    );
  });
}

// 2. A Node wrapper that starts the UI in a child with inherited stdio: a Node child, served by module.
check(
  '2 wrapper, Node child',
  ['--columns', '64', '--rows', '9'],
  ['node', 'wrapper.js', 'needs-terminal.js'],
  async ({ call }) => {
    const read = await waitFor(call, 'terminal 64x9');
    expect(!read.isError && !read.text.includes('Mode:'), 'the child was not served by module', read.text);
    const typed = await call('app_keyboard_type', { text: 'ab' });
    expect(typed.text.includes('keys: ab'), 'the keys did not reach the child', typed.text);
  },
);
// …and a child that is not Node: served in a pseudo-terminal without --terminal.
check(
  '2 wrapper, non-Node child',
  ['--columns', '60', '--rows', '10'],
  ['node', 'wrapper.js', './needs-tty.sh'],
  async ({ call }) => {
    const read = await waitFor(call, 'native ui');
    expect(
      read.text.includes('native ui, tty 10 60'),
      'the child had no terminal of the session’s size',
      read.text,
    );
    expect(
      read.text.includes('a Node process of the command started it with its terminal'),
      'the Mode line does not say why it runs in a pseudo-terminal',
      read.text,
    );
    const typed = await call('app_keyboard_type', { text: 'hello\n' });
    expect(typed.text.includes('native got: hello'), 'the keys did not reach the child', typed.text);
  },
);

// 3. A key whose effect lands in a timer: the answer shows the view it opened, and its actions.
check(
  '3 effects after a key',
  [],
  ['node', 'delayed-view.js'],
  async ({ call }) => {
    const menu = await call('app_keyboard_press', { keys: ['x'] });
    expect(menu.text.includes('1 other keys'), 'the menu did not count the key', menu.text);
    const pressed = await call('app_keyboard_press', { keys: ['n'] });
    expect(
      pressed.text.includes('Screen after the call:\nName:'),
      'the answer is not the settled view',
      pressed.text,
    );
    expect(
      offers(pressed.text, 'text_input_1', 'type_into'),
      'the actions are not the new view’s',
      pressed.text,
    );
    expect(
      !pressed.text.includes('still changing'),
      'the screen was said to be still changing',
      pressed.text,
    );
  },
  // A view 500 ms after the key, and a window of 2 s: a slow answer cannot show it by chance.
  { DELAY_MS: '500', INK_MCP_KEY_EFFECTS_MS: '2000' },
);

// …and one that animates after the key: the answer says the screen was still changing.
check('3 still changing', [], ['node', 'ticker.js'], async ({ call }) => {
  const pressed = await call('app_keyboard_press', { keys: ['g'] });
  expect(
    /tick \d+/.test(pressed.text) &&
      pressed.text.includes('The screen was still changing when this answer was written'),
    'the answer did not say the screen was still changing',
    pressed.text,
  );
});

// 4. No false success: a submit does what Enter does (a form that saves on its own handler)…
check('4 submit, a form', [], ['node', 'save-on-enter.js', 'form'], async ({ call }) => {
  const typed = await act(call, 'text_input_1', 'type_into', { text: 'Ada' });
  expect(!typed.isError && typed.text.includes('Saved name: (empty)'), 'type_into failed', typed.text);
  const submitted = await act(call, 'text_input_1', 'submit');
  expect(
    !submitted.isError && submitted.text.includes('Saved name: Ada'),
    'the form did not save',
    submitted.text,
  );
});
// …and one with no effect says so.
check('4 submit, no effect', [], ['node', 'save-on-enter.js', 'inert'], async ({ call }) => {
  const submitted = await act(call, 'text_input_1', 'submit');
  expect(
    submitted.isError === true && submitted.text.includes('its effect is not seen'),
    'a submit with no effect was not answered so',
    submitted.text,
  );
});

// 5. App text with escape codes reaches the agent cleaned: options, selection, actions.
check('5 cleaned labels', [], ['node', 'coloured-labels.js'], async ({ call }) => {
  const options = await act(call, 'select_input_1', 'get_options');
  expect(
    /"label": ?"main \(main\) just now"/.test(options.text),
    'the label is not as a person reads it',
    options.text,
  );
  expect(!ESCAPES.test(options.text), 'get_options kept escape codes', options.text);
  const selected = await act(call, 'select_input_1', 'get_selected');
  expect(!ESCAPES.test(selected.text), 'get_selected kept escape codes', selected.text);
  const read = await call('app_screen_read');
  expect(
    read.text.includes('"feature link tip"') && !ESCAPES.test(read.text),
    'the actions kept escape codes',
    read.text,
  );
  const picked = await act(call, 'select_input_1', 'select', { value: 'feature' });
  expect(picked.text.includes('Branch: feature'), 'select did not pick', picked.text);
});

// 6. Terminal mode: an exit during a call answers its exit code and last screen…
check('6 terminal, an exit', [], ['./fails-later.sh'], async ({ call }) => {
  const waited = await waitFor(call, 'ready to serve');
  expect(
    waited.isError === true &&
      /exited \(exit code 5\)|it exited: exit code 5/.test(waited.text) &&
      waited.text.includes('fatal: no config found') &&
      !waited.text.includes('wait longer'),
    'the exit was not answered with its code and last screen',
    waited.text,
  );
});
// …the cursor line is true (shown after a prompt, none once hidden), and so is the Mode line.
check('6 terminal, cursor and Mode', [], ['./prompt-cursor.sh'], async ({ call }) => {
  const asked = await waitFor(call, 'Your name:');
  expect(
    asked.text.includes('Cursor: row 1, column 12.'),
    'the cursor is not where the prompt left it',
    asked.text,
  );
  expect(asked.text.includes('not a Node program ink-mcp can hook'), 'the Mode line is not why', asked.text);
  await call('app_keyboard_type', { text: 'bob\n' });
  const hidden = await waitFor(call, 'the cursor is hidden');
  expect(!hidden.isError && !hidden.text.includes('Cursor:'), 'a hidden cursor was placed', hidden.text);
});
check(
  '6 terminal, a Node app with --terminal',
  ['--terminal'],
  ['node', 'needs-terminal.js'],
  async ({ call }) => {
    const read = await waitFor(call, 'keys:');
    expect(
      read.text.includes('as asked (--terminal)') && !read.text.includes('not a Node program'),
      'the Mode line is not true of a Node app',
      read.text,
    );
  },
);

// 7. Colour that carries meaning: the answer after a guess tells the tiles apart.
check('7 colour in the answer', [], ['node', 'letter-tiles.js'], async ({ call }) => {
  const guessed = await call('app_keyboard_type', { text: 'cater\r' });
  expect(guessed.text.includes(COLOUR_ROWS_HEAD), 'no colours in the answer', guessed.text);
  for (const [letter, colour] of [
    ['C', 'green'],
    ['A', 'yellow'],
    ['T', 'gray'],
  ]) {
    expect(
      new RegExp(`\\[[^\\]]*${colour}[^\\]]*\\] ${letter} `).test(guessed.text),
      `${letter} is not ${colour}`,
      guessed.text,
    );
  }
});

// …and attached (`--attach`, in a person's terminal, over HTTP) the same widgets are recognised.
checks.push(async () => {
  const title = '7 attached, the same widgets';
  if (only !== undefined && only !== '7') return;
  const command = ['ink-mcp', '--attach', '--', 'node', 'save-on-enter.js', 'form'];
  step(`${title}: npx ${command.join(' ')} (in a pseudo-terminal)`);
  const runtime = join(dir, '.attached');
  mkdirSync(runtime, { mode: 0o700 });
  const at = performance.now();
  const attached = await attachInPty({
    file: 'npx',
    args: command,
    cwd: project.project,
    env: project.env,
    runtime,
    clientName: 'check-packed-apps',
  }).catch((error) => {
    throw new Error(`check-packed-apps: ${title}: ${error.message}`);
  });
  try {
    const result = await attached.client.callTool({
      name: 'app_act',
      arguments: { widget: 'text_input_1', action: 'type_into', args: { text: 'Ada' } },
    });
    const text = result.content.map((c) => c.text ?? '').join('\n');
    if (show) process.stdout.write(`\napp_act text_input_1.type_into (attached):\n${text}\n`);
    expect(
      !result.isError && offers(text, 'text_input_1', 'submit'),
      'the text input was not recognised',
      text,
    );
    step(`${title}: passed (${((performance.now() - at) / 1000).toFixed(1)} s)`);
  } catch (error) {
    throw new Error(
      `check-packed-apps: ${title}: ${error.message}\nthe terminal showed:\n${attached.shown()}`,
    );
  } finally {
    await attached.close();
  }
});

// npm CLIs installed beside ink-mcp (`npm i ink-mcp <cli>`), run as their READMEs say (`npx <cli>`).
check('cli on Ink 5 and React 18', [], ['npx', 'search-cli'], async ({ call }) => {
  const typed = await call('app_keyboard_type', { text: 'unicorn' });
  expect(
    !typed.isError && typed.text.includes('results for: unicorn'),
    'the first keys were not typed',
    typed.text,
  );
  expect(
    offers(typed.text, 'text_input_1', 'type_into'),
    'its ink-text-input was not recognised',
    typed.text,
  );
});
check(
  'cli that imports Ink late',
  [],
  ['npx', 'late-cli'],
  async ({ call }) => {
    const typed = await call('app_keyboard_type', { text: 'ok' });
    expect(
      !typed.isError && typed.text.includes('late app, typed: ok'),
      'the keys did not reach it',
      typed.text,
    );
  },
  { LATE_START_MS: '3000' },
);

let failed;
await Promise.all(
  [1, 2].map(async () => {
    for (let next = checks.shift(); next && failed === undefined; next = checks.shift()) {
      await next().catch((error) => {
        failed ??= error;
      });
    }
  }),
);
if (failed) throw failed;

project.remove();
step(
  `${only === undefined ? 'every class' : `class ${only}`} of issue #41 passed from the packed package (${((performance.now() - started) / 1000).toFixed(0)} s, ${dir})`,
);
