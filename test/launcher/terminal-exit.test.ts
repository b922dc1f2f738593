import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { app, launch, screen } from './launch.js';

/**
 * Terminal mode as a good pty driver (issue #41, item 6). A program that exits during a call: the call is answered with
 * how it ended (its exit code) and its last screen, where the reason usually is, not as a timeout.
 * Keys paced by the screen: one sent right after the screen switched waits until it is quiet. The
 * cursor's place, in the answers while the program shows it.
 */

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('a terminal program exiting during a call', () => {
  it('screen.wait_for answers that the program exited, with its exit code and last screen', async () => {
    const run = await launch(built.bin, [], [app('fails-later.sh')]);
    let changed = 0;
    run.client.setNotificationHandler('notifications/tools/list_changed', () => {
      changed++;
    });
    try {
      const waited = await run.call('app.screen.wait_for', { text: 'ready to serve', timeout_ms: 20_000 });
      expect(waited.isError).toBe(true);
      // During the wait, or (on a loaded machine) before the call arrived: either way how it ended.
      expect(waited.text).toMatch(/exited \(exit code 5\)|it exited: exit code 5/);
      expect(waited.text).toContain('fatal: no config found');
      expect(waited.text).not.toContain('wait longer');
      // Its server closes with it: no list_changed the client could only list again into a closed connection.
      expect(changed).toBe(0);
    } finally {
      await run.close();
    }
  }, 60_000);
});

describe('keys paced by the screen in terminal mode', () => {
  it('a key right after the screen switched waits until it is quiet: a dialog that listens 60 ms after it appears gets it', async () => {
    const run = await launch(built.bin, ['--terminal'], ['node', app('late-dialog.js')]);
    try {
      const main = await run.call('app.screen.wait_for', { text: 'main view', timeout_ms: 20_000 });
      expect(main.isError, main.text).toBeFalsy();
      await run.call('app.keyboard.press', { keys: ['o'] });
      // As an agent does when the answer came before the redraw (a loaded machine): it waits for it.
      const opened = await run.call('app.screen.wait_for', {
        text: 'Delete everything?',
        timeout_ms: 20_000,
      });
      expect(opened.isError, opened.text).toBeFalsy();
      const answered = await run.call('app.keyboard.press', { keys: ['y'] });
      expect(answered.text).toContain('answer: y');
    } finally {
      await run.close();
    }
  }, 60_000);
});

describe('a terminal program exiting, and the tool list', () => {
  it('no list_changed when the program’s exit ends the server: the answer says its tools are gone', async () => {
    const run = await launch(built.bin, [], [app('shell-echo.sh')]);
    let changed = 0;
    run.client.setNotificationHandler('notifications/tools/list_changed', () => {
      changed++;
    });
    const closed = new Promise<void>((resolve) => {
      run.client.onclose = () => resolve();
    });
    try {
      await run.call('app.screen.wait_for', { text: 'shell echo', timeout_ms: 20_000 });
      const quit = await run.call('app.keyboard.type', { text: 'quit\n' });
      expect(quit.text).toContain('its tools are gone');
      await closed;
      expect(changed).toBe(0);
    } finally {
      await run.close();
    }
  }, 60_000);
});

describe('the cursor of a terminal program', () => {
  it('the answers say where it is while the program shows it (after a prompt), and nothing once it hides it', async () => {
    const run = await launch(built.bin, [], [app('prompt-cursor.sh')]);
    try {
      const asked = await run.call('app.screen.wait_for', { text: 'Your name:', timeout_ms: 20_000 });
      expect(asked.isError, `${asked.text}\n${run.stderr()}`).toBeFalsy();
      expect(asked.text).toContain('Mode: terminal');
      expect(asked.text).toContain('Cursor: row 1, column 12.');
      await run.call('app.keyboard.type', { text: 'bob\n' });
      const hidden = await run.call('app.screen.wait_for', { text: 'cursor is hidden', timeout_ms: 20_000 });
      expect(hidden.isError, hidden.text).toBeFalsy();
      expect(await screen(run.client)).toContain('hello bob, the cursor is hidden');
      expect(hidden.text).toContain('Mode: terminal');
      expect(hidden.text).not.toContain('Cursor:');
    } finally {
      await run.close();
    }
  }, 60_000);
});
