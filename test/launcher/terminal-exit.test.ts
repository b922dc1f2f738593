import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { app, launch } from './launch.js';

/**
 * A program in terminal mode that exits during a call (issue #41, item 6): the call is answered with
 * how it ended (its exit code) and its last screen, where the reason usually is, not as a timeout.
 */

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('a terminal program exiting during a call', () => {
  it('screen.wait_for answers that the program exited, with its exit code and last screen', async () => {
    const run = await launch(built.bin, [], [app('fails-later.sh')]);
    try {
      const waited = await run.call('app.screen.wait_for', { text: 'ready to serve', timeout_ms: 20_000 });
      expect(waited.isError).toBe(true);
      expect(waited.text).toContain('exited (exit code 5)');
      expect(waited.text).toContain('nothing was changed');
      expect(waited.text).toContain('fatal: no config found');
      expect(waited.text).not.toContain('wait longer');
    } finally {
      await run.close();
    }
  }, 60_000);
});
