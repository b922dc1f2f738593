import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { app, launch } from './launch.js';
import { layOutNestedForm } from './nested-widgets.js';

// Unchanged apps that declare no tools, driven through the launcher with the built-in tools only:
// each does its main job, and the answer's own screen shows it.

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('keyboard-only apps through the launcher', () => {
  it('a useInput chat: typed text and Enter submit the message', async () => {
    const run = await launch(built.bin, [], ['node', app('chat.js')]);
    try {
      const typed = await run.call('app.keyboard.type', { text: 'hello there' });
      expect(typed.text).toContain('Enter your message: hello there');
      const sent = await run.call('app.keyboard.press', { keys: ['enter'] });
      expect(sent.isError, sent.text).toBeFalsy();
      expect(sent.text).toContain('> hello there');
      expect(sent.text).toMatch(/Enter your message: *$/m);
      // Text and Enter in one call, as a paste with a line break.
      const both = await run.call('app.keyboard.type', { text: 'second\n' });
      expect(both.text).toContain('> second');
    } finally {
      await run.close();
    }
  });

  it('a useFocus list (npx tsx): focus.set and focus.next move Ink focus; the answer says which item has it', async () => {
    const run = await launch(built.bin, [], ['npx', 'tsx', app('focus-list.tsx')]);
    try {
      const listed = await run.call('app.focus.list');
      expect(listed.text).toContain('"first"');
      expect(listed.text).toContain('"third"');
      const set = await run.call('app.focus.set', { id: 'second' });
      expect(set.isError, set.text).toBeFalsy();
      expect(set.text).toContain('Second (focused)');
      expect(set.text).toMatch(/Focus: .*second/);
      const next = await run.call('app.focus.next');
      expect(next.text).toContain('Third (focused)');
      // The app's own key handler (useFocusManager().focus) through the keyboard.
      const pressed = await run.call('app.keyboard.press', { keys: ['1'] });
      expect(pressed.text).toContain('First (focused)');
    } finally {
      await run.close();
    }
  }, 60_000); // npx, then tsx's CLI, then the app: three Node processes start

  it("a two-file TSX app (npx tsx, as Ink's examples run): requests are served once it rendered, not when the wait runs out", async () => {
    // Requests wait for the app's first render and the widget adapters (15 s at most, then they are
    // served anyway, with a warning). Under tsx on Node 22, loading the adapters while the app's own
    // `import 'ink'` was still evaluating stalled one of the two for good: the app never ran, or the
    // adapters never loaded and every session waited out the 15 s.
    const run = await launch(built.bin, [], ['npx', 'tsx', app('tsx-chat/index.ts')]);
    try {
      const { tools } = await run.client.listTools();
      expect(tools.map((t) => t.name)).toContain('app_keyboard_type');
      const typed = await run.call('app.keyboard.type', { text: 'hello\n' });
      expect(typed.text).toContain('You said: hello');
    } finally {
      await run.close();
    }
    expect(run.stderr()).not.toContain('requests waited');
  }, 60_000); // npx, then tsx's CLI, then the app: three Node processes start

  it('a key that opens a view 500 ms later is answered with that view and its actions (issue #41 item 3; INK_MCP_KEY_EFFECTS_MS)', async () => {
    // A long delay and window, so that a loaded machine's slow answer cannot show the view by chance.
    const run = await launch(built.bin, [], ['node', app('delayed-view.js')], undefined, {
      DELAY_MS: '500',
      INK_MCP_KEY_EFFECTS_MS: '2000',
    });
    try {
      // Keys the menu only counts: the first key's and the first render's one-time costs paid.
      expect((await run.call('app.keyboard.press', { keys: ['x', 'x'] })).text).toContain('2 other keys');
      const pressed = await run.call('app.keyboard.press', { keys: ['n'] });
      expect(pressed.text).toContain('Screen after the call:\nName:');
      expect(pressed.text).toContain('text_input_1: type_into');
      expect(pressed.text).not.toContain('still changing');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('a widget library nested under another dependency (its own copy) is recognised (issue #41 item 4)', async () => {
    const nested = layOutNestedForm();
    const run = await launch(built.bin, [], ['node', nested.entry]);
    try {
      const read = await run.call('app.screen.read');
      expect(read.text).toContain('Size: none');
      expect(read.text).toContain('select_input_1: select {');
      const picked = await run.call('app.act', {
        widget: 'select_input_1',
        action: 'select',
        args: { value: 'large' },
      });
      expect(picked.isError).toBeFalsy();
      expect(picked.text).toContain('Size: large');
    } finally {
      await run.close();
      nested.remove();
    }
  }, 60_000);

  it('an app that writes its own lines (useStdout().write) shows them above its frame, which stays', async () => {
    // Ink in debug mode (how the in-memory terminal renders) writes the app's text once, then frames
    // without it; Ink 6 even wrote it without the frame, so the screen lost the app.
    const run = await launch(built.bin, [], ['node', app('stdout-lines.js')]);
    try {
      const pressed = await run.call('app.keyboard.press', { keys: ['w', 'w'] });
      expect(pressed.text).toMatch(
        /line 1 from the app\nline 2 from the app\n\s*Width: 100\n\s*lines written: 2/,
      );
      const read = await run.call('app.screen.read', { offset: null });
      expect(read.text).toContain('line 2 from the app');
      expect(read.text).toContain('lines written: 2');
    } finally {
      await run.close();
    }
  });

  it('an @inkjs/ui Select with no id gets an automatic id and its own tool', async () => {
    // The widgets surface lists a tool per widget action: the automatic id shows in its name.
    const run = await launch(built.bin, ['--surface', 'widgets'], ['node', app('ui-select.js')]);
    try {
      const { tools } = await run.client.listTools();
      const select = tools.find((t) => /select_1/.test(t.name) && t.name.endsWith('select'));
      expect(select, tools.map((t) => t.name).join(', ')).toBeDefined();
      const picked = await run.call(select?.name ?? '', { value: 'green' });
      expect(picked.isError, picked.text).toBeFalsy();
      expect(picked.text).toContain('selected: green');
      // And the same through the keys a person would press.
      const keys = await run.call('app.keyboard.press', { keys: ['down', 'enter'] });
      expect(keys.text).toContain('selected: blue');
    } finally {
      await run.close();
    }
  });

  it('a key that makes the app exit is answered with the last screen, then the server closes', async () => {
    const run = await launch(built.bin, [], ['node', app('quit-on-q.js')]);
    const closed = new Promise<void>((resolve) => {
      run.client.onclose = () => resolve();
    });
    expect((await run.call('app.keyboard.press', { keys: ['right'] })).text).toContain('page 2');
    // The keys after q never reach an app that is gone, and the answer says so.
    const quit = await run.call('app.keyboard.press', { keys: ['q', 'right'] });
    expect(quit.isError, quit.text).toBeFalsy();
    expect(quit.text).toContain('Pressed 1 of 2 keys (q): the app stopped before the rest.');
    expect(quit.text).toMatch(/The app exited after this call/);
    expect(quit.text).toContain('page 2');
    // What the app printed after exiting went to stderr, never into the protocol stream.
    await closed;
    expect(run.stderr()).toContain('bye');
  });

  it('an app that console.logs keeps its logs out of the protocol stream and is driven as usual', async () => {
    const run = await launch(built.bin, [], ['node', app('noisy.js')]);
    try {
      const picked = await run.call('app.keyboard.press', { keys: ['down', 'enter'] });
      expect(picked.isError, picked.text).toBeFalsy();
      expect(picked.text).toContain('picked: coffee');
      // What it logs is on its screen, above the frame, as Ink shows it in a terminal; and on stderr.
      expect(picked.text).toMatch(/noisy: rendering with coffee\n(.*\n)*picked: coffee/);
      expect(run.stderr()).toContain('noisy: rendering with coffee');
    } finally {
      await run.close();
    }
  });
});
