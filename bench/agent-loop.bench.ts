/**
 * P6: an agent's task through ink-mcp's tools ÷ through a pseudo-terminal driver (the tools agents
 * use instead: send keys to the app in a pty, read the screen back), on the same app, alternating
 * in one run. The task, on the todo example: add 3 items, toggle the second, show the "done"
 * filter, read the list; both must verify the final state.
 *
 * - ink-mcp: the example as a stdio MCP server (`--stdio`), an SDK client calling its tools
 *   (add_item × 3, toggle, the filter's select_tab, list). Bytes read: the answers' text.
 * - pty: the example in a real pseudo-terminal (node-pty, 100 × 30) whose output feeds a headless
 *   xterm (@xterm/headless); 13 keys (each item's text, Enter, Tab, Tab, ↓, Space, Shift-Tab, → →).
 *   After each key the driver reads the screen until it shows what the key does (the item typed,
 *   the focus moved, …): either polling every 5 ms from the start ("poll": the fastest driver that
 *   stays reliable; one that stops at the first change loses keys, as a frame can reach the terminal
 *   in pieces and two keys written before the app read the first arrive as one), or sleeping a
 *   fixed settle wait first (250 ms, a typical driver's default) and polling after it only if the
 *   change has not shown yet. Each wait is one read action; the final read is one more. Bytes read:
 *   the screens' text. A key whose change has not shown 2 s after it was sent, on a screen that has
 *   not moved, was lost (Ink drops a key it reads after a focus change drew and before the newly
 *   focused widget's handler is active, which a busy machine makes likely): the driver sends it
 *   again, one more action, and the note counts them.
 *
 * A second, keyboard-only task on an app that declares no tools (examples/launcher/chat.js, served
 * unchanged through the `ink-mcp` launcher): send two messages and see both on screen. ink-mcp:
 * `keyboard.type` × 2 (text and Enter in one call), checked on the last answer's screen. pty: each
 * message's text, then Enter, each followed by its read, then a final read.
 *
 * Each round starts a fresh app on every side (not timed: both start the same program); the clock
 * runs from the first action to the verified end. `P6.loop` = median pty-poll time ÷ median ink-mcp
 * time (goal ≥ 8, issue #38; ≥ 5 before); `P6.loop.warm` (context) = the same pty time ÷ ink-mcp's
 * six calls made again on that app once the task is verified (warm: the task's own six are a fresh
 * app's first, which run cold code); `P6.actions` = ink-mcp actions ÷ pty actions (goal ≤ ⅓);
 * `P6.keys.loop` and `P6.keys.actions` the same for the keyboard-only task.
 *
 *   NODE_ENV=production node --import tsx bench/agent-loop.bench.ts [--quick]
 * (the launcher comes from the bench's tsc build, INK_MCP_BENCH_BUILD, which `npm run bench` sets;
 * without it the bench builds one.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import xterm from '@xterm/headless';
import { BUILD_DIR, buildLibrary } from './build.js';
import { figure, median, note, quick } from './stats.js';
import { answerText } from './todo-session.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
// The example's own sources under tsx, the library from the bench's tsc build (use-build.mjs), as
// every other bench times it: as published, not as tsx transpiles it.
const APP = ['--import', 'tsx', '--import', './bench/use-build.mjs', 'examples/todo/index.tsx'];
const CHAT = 'examples/launcher/chat.js';
const MESSAGES = ['hello', 'world'];
const ROUNDS = quick ? 1 : Number(process.env.ROUNDS ?? 5);
const ITEMS = ['alpha', 'beta', 'gamma'];
const POLL_MS = 5;
/** A typical driver's settle wait (a quick run, whose figures mean nothing, waits less). */
const SETTLE_MS = quick ? 50 : 250;
/** A key whose change never shows is a lost key: the run fails rather than wait forever (generous: a busy machine). */
const GIVE_UP_MS = 15_000;
/** How long the app may take to draw its first frame (under tsx, on a busy machine: seconds). */
const START_MS = 120_000;
/** pty rounds run again after one went wrong (see ptyRound), before the bench gives up. */
const MAX_PTY_RETRIES = 3;
/** A key whose change has not shown after this long, on a screen that has not moved, was lost: sent again. */
const RESEND_MS = 2000;
/** The app at rest before the clock starts: its screen unchanged this long. */
const QUIET_MS = 200;
// The app's HTTP side writes a connection file: keep it out of the user's state directory.
const runtime = mkdtempSync(path.join(os.tmpdir(), 'ink-mcp-p6-'));
const env = { ...process.env, NODE_ENV: 'production', XDG_RUNTIME_DIR: runtime } as Record<string, string>;
// Ink draws only its last frame when it believes it runs in CI: the pty side must see a terminal.
delete env.CI;
const build =
  process.env.INK_MCP_BENCH_BUILD ||
  (() => {
    const made = buildLibrary(BUILD_DIR);
    if (!made.ok) throw new Error(`the library did not build:\n${made.output}`);
    return BUILD_DIR;
  })();
/** The launcher as bin/ink-mcp.js runs it, over the bench's build instead of dist/. */
const LAUNCHER = ['bench/fixtures/launcher.mjs', '--', 'node', CHAT];

interface Outcome {
  ms: number;
  actions: number;
  bytes: number;
  /** ink-mcp: six calls of the task's kinds again, on the same app once the task is done (warm). */
  warmMs?: number;
  /** Keys the pty driver sent again (see RESEND_MS). */
  resends?: number;
}

type Content = { type: string; text?: string };

/** An MCP client over stdio to `node <args>`, counting its calls and the bytes of their answers. */
async function agent(args: string[]) {
  const client = new Client({ name: 'p6', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args,
      cwd: repo,
      env: { ...env, INK_MCP_BENCH_BUILD: build },
      stderr: 'ignore',
    }),
  );
  const { tools } = await client.listTools();
  const counted = { bytes: 0, actions: 0, last: [] as Content[] };
  const call = async (name: string, args: Record<string, unknown>) => {
    counted.actions++;
    const t = performance.now();
    const result = await client.callTool({ name, arguments: args });
    if (process.env.P6_TRACE) process.stderr.write(`${name} ${(performance.now() - t).toFixed(1)} ms\n`);
    counted.last = result.content as Content[];
    for (const c of counted.last) counted.bytes += Buffer.byteLength(c.text ?? '');
    if (result.isError) throw new Error(`${name} failed: ${counted.last[0]?.text}`);
  };
  return { client, tools, counted, call };
}

async function viaTools(): Promise<Outcome> {
  const { client, tools, counted, call } = await agent([...APP, '--stdio']);
  // The stable surface, as the todo example serves it: every widget action through `todo_act`.
  const act = tools.find((t) => /(^|[._])act$/.test(t.name))?.name;
  if (!act) throw new Error(`no act tool in ${tools.map((t) => t.name).join(', ')}`);
  const perform = (widget: string, action: string, args: object) =>
    call(act, { widget, action, args: JSON.stringify(args) });
  // The stable surface's list is answered before the app has loaded (startMcp): wait for its first
  // screen, untimed and uncounted, as the pty driver waits for the first frame.
  const read = tools.find((t) => /screen[._]read$/.test(t.name))?.name;
  if (read) await client.callTool({ name: read, arguments: {} });
  const started = performance.now();
  for (const text of ITEMS) await perform('todos', 'add_item', { text });
  await perform('todos', 'toggle', { index: 1 });
  await perform('filter', 'select_tab', { label: 'done' });
  await perform('todos', 'list', {});
  const ms = performance.now() - started;
  const { last, actions, bytes } = counted;
  // One block: the action's value (JSON, no blank line inside), then what the answer adds.
  const whole = last.map((c) => c.text ?? '').join('\n\n');
  const cut = whole.indexOf('\n\n');
  const answer = JSON.parse(cut < 0 ? whole : whole.slice(0, cut)) as {
    items: { text: string; done: boolean }[];
    filter: string;
  };
  // The screen, checked apart (untimed, uncounted): the bench's own check, not a step of the task.
  const screen = read ? answerText((await client.callTool({ name: read, arguments: {} })).content) : '';
  const ok =
    answer.filter === 'done' &&
    JSON.stringify(answer.items.map((i) => [i.text, i.done])) ===
      JSON.stringify(ITEMS.map((t, i) => [t, i === 1])) &&
    /\[x\] beta/.test(screen) &&
    !/\[[ x]\] alpha|\[[ x]\] gamma/.test(screen);
  // Context, after the check: the task's six calls again on the same app, now warm (what an agent's
  // later steps cost; the task's own six are the app's first, which run cold code). Each still
  // changes the app: three new items, the first of them toggled, the filter back to "all".
  const again = performance.now();
  for (const text of ['delta', 'epsilon', 'zeta']) await perform('todos', 'add_item', { text });
  await perform('todos', 'toggle', { index: ITEMS.length });
  await perform('filter', 'select_tab', { label: 'all' });
  await perform('todos', 'list', {});
  const warmMs = performance.now() - again;
  await client.close();
  if (!ok) throw new Error(`ink-mcp: the final state did not verify: ${whole}\n${screen}`);
  return { ms, actions, bytes, warmMs };
}

/** The keyboard-only task through the launcher and the built-in keyboard tool. */
async function viaKeyboardTools(): Promise<Outcome> {
  const { client, counted, call } = await agent(LAUNCHER);
  // The launcher lists the tools before the app has loaded: wait for its first screen, untimed.
  await client.callTool({ name: 'app_screen_read', arguments: {} });
  const started = performance.now();
  for (const text of MESSAGES) await call('app_keyboard_type', { text: `${text}\n` });
  const ms = performance.now() - started;
  const screen = counted.last.map((c) => c.text ?? '').join('\n');
  await client.close();
  if (!chatVerified(screen))
    throw new Error(`ink-mcp (keyboard): the final state did not verify:\n${screen}`);
  return { ms, actions: counted.actions, bytes: counted.bytes };
}

const chatVerified = (screen: string) => MESSAGES.every((m) => screen.includes(`you: ${m}`));

const shows = (pattern: RegExp) => (screen: string) => pattern.test(screen);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a pty driver does for a task: start the app, wait for its first frame, press, verify. */
interface PtyTask {
  name: string;
  args: string[];
  ready: (screen: string) => boolean;
  /** Each a key or a piece of text, written in one go, then read until the screen `shows` its change. */
  keys: { key: string; shows: (screen: string) => boolean }[];
  verified: (screen: string) => boolean;
}

const TODO_TASK: PtyTask = {
  name: 'todo',
  args: APP,
  ready: (screen) => /Todo/.test(screen) && /›New/.test(screen),
  keys: [
    ...ITEMS.flatMap((text) => [
      { key: text, shows: shows(new RegExp(`›New: ${text}`)) },
      { key: '\r', shows: shows(new RegExp(`\\[ \\] ${text}`)) },
    ]),
    { key: '\t', shows: shows(/›all/) }, // to the filter tabs
    { key: '\t', shows: shows(/› \[ \] alpha/) }, // to the list
    { key: '\u001B[B', shows: shows(/› \[ \] beta/) }, // ↓ to the second item
    { key: ' ', shows: shows(/› \[x\] beta/) }, // toggle it
    { key: '\u001B[Z', shows: shows(/›all/) }, // Shift-Tab back to the tabs
    { key: '\u001B[C', shows: (s) => /\[ \] alpha/.test(s) && !/beta/.test(s) }, // → active
    { key: '\u001B[C', shows: (s) => /\[x\] beta/.test(s) && !/alpha/.test(s) }, // → done
  ],
  verified: (screen) => /\[x\] beta/.test(screen) && !/\[[ x]\] alpha|\[[ x]\] gamma/.test(screen),
};

const CHAT_TASK: PtyTask = {
  name: 'chat',
  args: [CHAT],
  ready: (screen) => /Chat \(Enter sends/.test(screen),
  keys: MESSAGES.flatMap((text) => [
    { key: text, shows: shows(new RegExp(`> ${text}`)) },
    { key: '\r', shows: shows(new RegExp(`you: ${text}`)) },
  ]),
  verified: chatVerified,
};

async function viaPty(task: PtyTask, mode: 'poll' | 'settle'): Promise<Outcome> {
  const term = new xterm.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const child = pty.spawn(process.execPath, task.args, {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    cwd: repo,
    env,
  });
  // A round that goes wrong leaves no app running behind it.
  try {
    let written = 0;
    child.onData((data) => {
      written++;
      term.write(data);
    });
    const screen = () => {
      const lines: string[] = [];
      const buffer = term.buffer.active;
      for (let y = 0; y < term.rows; y++)
        lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
      return lines.join('\n');
    };
    // Flushes what the pty has delivered into the terminal model.
    const flushed = () => new Promise<void>((resolve) => term.write('', resolve));
    let bytes = 0;
    let actions = 0;
    let resends = 0;
    const read = async () => {
      actions++;
      await flushed();
      const text = screen();
      bytes += Buffer.byteLength(text);
      return text;
    };
    /** Polls until `done` holds; a state that never comes fails the run rather than wait forever. */
    const until = async (done: () => Promise<boolean>, what: string, withinMs = GIVE_UP_MS) => {
      for (const deadline = performance.now() + withinMs; !(await done()); ) {
        if (performance.now() > deadline)
          throw new Error(`pty (${task.name}, ${mode}): ${what}:\n${screen()}`);
        await sleep(POLL_MS);
      }
    };
    /** The screen unchanged for QUIET_MS: the app has drawn what it had to draw. */
    const quiet = async () => {
      let last = '';
      let since = performance.now();
      await until(async () => {
        await flushed();
        const now = screen();
        if (now !== last) {
          last = now;
          since = performance.now();
        }
        return performance.now() - since >= QUIET_MS;
      }, 'the screen never came to rest');
    };
    // Ready: the app's first frame shows its input, and nothing more arrives for a while (its focus,
    // its effects), so the clock starts on an app at rest.
    await until(
      async () => {
        await flushed();
        return task.ready(screen());
      },
      'the app never drew its first frame',
      START_MS,
    );
    await quiet();
    const started = performance.now();
    /** One key (or piece of text), then one read that waits for the screen to show its change. */
    const press = async ({ key, shows }: PtyTask['keys'][number]) => {
      await flushed();
      const before = screen();
      const sent = performance.now();
      let resent = false;
      actions++;
      child.write(key);
      if (mode === 'settle') await sleep(SETTLE_MS);
      actions++;
      await until(
        async () => {
          await flushed();
          const now = screen();
          if (shows(now)) return true;
          // Lost: Ink hears a key only through the handlers active when it reads it, and a focus change
          // activates them in an effect after the frame that shows it; a key read in between is dropped.
          // A driver that sees nothing happen sends the key again, once.
          if (!resent && now === before && performance.now() - sent > RESEND_MS) {
            resent = true;
            resends++;
            actions++;
            child.write(key);
          }
          return false;
        },
        `the key ${JSON.stringify(key)} never showed its change`,
      );
      bytes += Buffer.byteLength(screen());
    };
    for (const key of task.keys) await press(key);
    const final = await read();
    const ms = performance.now() - started;
    if (!task.verified(final))
      throw new Error(
        `pty (${task.name}, ${mode}): the final state did not verify (${written} writes):\n${final}`,
      );
    return { ms, actions, bytes, resends };
  } finally {
    child.kill();
    term.dispose();
  }
}

type Side = 'tools' | 'poll' | 'settle';

/** pty rounds that went wrong and were run again, per task and mode (printed in the notes). */
const failedRounds = new Map<string, string[]>();

/**
 * One pty round that went right. A pty driver cannot see when the app is ready for the next key:
 * Ink re-activates an input handler (with the state it closes over) in an effect after the frame
 * that shows the change, so a key read in between is dropped or applied to the state before (Space
 * toggling the item the cursor just left). On a busy machine that happens; such a round is run
 * again (at most MAX_PTY_RETRIES times) and counted, not timed.
 */
async function ptyRound(task: PtyTask, mode: 'poll' | 'settle'): Promise<Outcome> {
  const key = `${task.name}, ${mode}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await viaPty(task, mode);
    } catch (error) {
      if (attempt >= MAX_PTY_RETRIES) throw error;
      const failed = failedRounds.get(key) ?? [];
      failed.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      failedRounds.set(key, failed);
    }
  }
}

/** Rounds of one task, the sides alternating; prints its notes and returns the medians' ratios. */
async function compare(label: string, tools: () => Promise<Outcome>, task: PtyTask) {
  const sides: Record<Side, Outcome[]> = { tools: [], poll: [], settle: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating order: no side always runs first after a quiet moment.
    const order: Side[] = round % 2 === 0 ? ['tools', 'poll', 'settle'] : ['settle', 'poll', 'tools'];
    for (const side of order) sides[side].push(side === 'tools' ? await tools() : await ptyRound(task, side));
  }
  const summary = (xs: Outcome[]) => {
    const ms = xs.map((x) => x.ms);
    const resent = xs.reduce((sum, x) => sum + (x.resends ?? 0), 0);
    return `${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}), ${median(xs.map((x) => x.actions))} actions, ${median(xs.map((x) => x.bytes))} bytes read${resent > 0 ? `; ${resent} lost keys sent again` : ''}`;
  };
  note(`${label}: ${ROUNDS} rounds, every final state verified`);
  for (const mode of ['poll', 'settle'])
    for (const why of failedRounds.get(`${task.name}, ${mode}`) ?? [])
      note(`  a pty round (${mode}) went wrong and was run again: ${why}`);
  note(`  ink-mcp tools over stdio: ${summary(sides.tools)}`);
  const warm = sides.tools.flatMap((x) => (x.warmMs === undefined ? [] : [x.warmMs]));
  if (warm.length > 0)
    note(
      `  ink-mcp, the six calls again on that app once warm (P6.loop.warm): ${median(warm).toFixed(0)} ms (${Math.min(...warm).toFixed(0)}–${Math.max(...warm).toFixed(0)})`,
    );
  note(`  pty, polling every ${POLL_MS} ms until each key shows: ${summary(sides.poll)}`);
  note(`  pty, ${SETTLE_MS} ms settle wait after each key: ${summary(sides.settle)}`);
  const toolsMs = median(sides.tools.map((x) => x.ms));
  const pollMs = median(sides.poll.map((x) => x.ms));
  return {
    loop: pollMs / toolsMs,
    // Only the todo task makes its calls again (the keyboard task's tools side has no warm time).
    warm: warm.length > 0 ? pollMs / median(warm) : undefined,
    settle: median(sides.settle.map((x) => x.ms)) / toolsMs,
    // Medians: a round whose driver sent a lost key again took one more action.
    actions: median(sides.tools.map((x) => x.actions)) / median(sides.poll.map((x) => x.actions)),
  };
}

try {
  const todo = await compare('todo task (declared tools)', viaTools, TODO_TASK);
  figure('P6.loop', todo.loop, 2);
  if (todo.warm === undefined) throw new Error('the todo task made no warm calls');
  figure('P6.loop.warm', todo.warm, 2);
  figure('P6.loop.settle', todo.settle, 2);
  figure('P6.actions', todo.actions, 3);
  const chat = await compare(
    'chat task (keyboard only, unchanged app, launcher)',
    viaKeyboardTools,
    CHAT_TASK,
  );
  figure('P6.keys.loop', chat.loop, 2);
  figure('P6.keys.actions', chat.actions, 3);
} finally {
  rmSync(runtime, { recursive: true, force: true });
}
process.exit(0);
