import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from './build.js';
import { app, launch } from './launch.js';

/**
 * The app's stdin under the launcher (issue #41, item 1; issue #39): it behaves as a terminal's. An
 * app that reads it before Ink starts (readline, `on('data')` + `resume()`, raw mode) stays alive
 * waiting for the agent's keys, as it would for a person's, and is served; the app's own Node
 * children keep the stdin the app gives them. Each through the real launcher and the SDK's client.
 */

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('an app that reads stdin before Ink starts waits for the agent, as for a person', () => {
  for (const [how, prompt] of [
    ['readline', 'API key:'],
    ['data', 'Type a name, then Enter:'],
    ['raw', 'Press a key to start:'],
  ] as const) {
    it(`${how}: the prompt is on the screen, keys answer it, and the app goes on to render with Ink`, async () => {
      const run = await launch(built.bin, [], ['node', app('stdin-first.js'), how]);
      try {
        const shown = await run.call('app.screen.wait_for', { text: prompt, timeout_ms: 20_000 });
        expect(shown.isError, `${shown.text}\n${run.stderr()}`).toBeFalsy();
        const keys = how === 'raw' ? 'x' : 'sk-1234\n';
        const typed = await run.call('app.keyboard.type', { text: keys });
        expect(typed.isError, typed.text).toBeFalsy();
        const chars = how === 'raw' ? 1 : 7;
        const rendered = await run.call('app.screen.wait_for', {
          text: `answered ${how}: ${chars} characters`,
          timeout_ms: 20_000,
        });
        expect(rendered.isError, `${rendered.text}\n${run.stderr()}`).toBeFalsy();
        // Served in terminal mode from the prompt on, its Ink renders there unhooked: the Mode line says so.
        expect(shown.text).toContain('Mode: terminal');
        expect(rendered.text).toContain('the app drew on its terminal before it imported Ink');
        expect(rendered.text).not.toContain('or none');
      } finally {
        await run.close();
      }
    }, 90_000);
  }
});

describe("the app's own Node children keep their stdin", () => {
  it('execFileSync with `input`, and a child piped by spawn, read what the app gave them', async () => {
    const run = await launch(built.bin, [], ['node', app('child-stdin.js')]);
    try {
      const read = await run.call('app.screen.wait_for', { text: 'spawn: [given', timeout_ms: 20_000 });
      expect(read.isError, `${read.text}\n${run.stderr()}`).toBeFalsy();
      expect(read.text).toContain('execFileSync: [given by input] spawn: [given by a pipe]');
    } finally {
      await run.close();
    }
  }, 60_000);
});

describe("the app's stdout is a terminal's", () => {
  it('cursorTo, clearLine and moveCursor work before Ink starts (a progress line)', async () => {
    const run = await launch(built.bin, [], ['node', app('cursor-first.js')]);
    try {
      const read = await run.call('app.screen.wait_for', { text: 'cursor moved', timeout_ms: 20_000 });
      expect(read.isError, `${read.text}\n${run.stderr()}`).toBeFalsy();
    } finally {
      await run.close();
    }
  }, 60_000);
});
