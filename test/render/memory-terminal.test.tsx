// The in-memory terminal keeps what a person would still see. On Ink 8 the unmount of a debug-mode
// app on a non-TTY stdout ends with a lone '\n' write: without the rule in memory-terminal.ts that
// blanked the last screen of every app that exited (the launcher's "answered with its last screen").
import { render, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { createMemoryTerminal } from '../../src/react/memory-terminal.js';

describe('the in-memory terminal', () => {
  it("keeps an app's last frame after the app unmounts", async () => {
    const terminal = createMemoryTerminal(40, 10);
    const app = render(<Text>last words</Text>, terminal.inkOptions());
    expect(terminal.screen()).toBe('last words');
    app.unmount();
    await app.waitUntilExit();
    expect(terminal.screen()).toBe('last words');
  });

  it('takes a frame of text as the new screen, and neither an empty write nor a line break', () => {
    const terminal = createMemoryTerminal(40, 10);
    terminal.stdout.write('one');
    terminal.stdout.write('');
    terminal.stdout.write('\n');
    expect(terminal.screen()).toBe('one');
    terminal.stdout.write('two\n');
    expect(terminal.screen()).toBe('two');
    expect(terminal.stdout.frameCount).toBe(2);
  });

  // Which writes are frames, told by Ink's onRender: just before the frame (Ink 6) or just after
  // (Ink 8). Any other write is the app's own text (useStdout().write), kept above the frame.
  it('Ink 6 order: the app text, written with the static output only, shows above the last frame', () => {
    const terminal = createMemoryTerminal(40, 10);
    terminal.stdout.rendered();
    terminal.stdout.write('STATIC\nframe 1');
    terminal.stdout.write('hello\nSTATIC\n');
    expect(terminal.screen()).toBe('hello\nSTATIC\nframe 1');
    terminal.stdout.rendered();
    terminal.stdout.write('STATIC\nframe 2');
    expect(terminal.screen()).toBe('hello\nSTATIC\nframe 2');
    expect(terminal.stdout.frameCount).toBe(2);
  });

  it('Ink 8 order: the app text, written before the whole last frame, shows above the frames after it', async () => {
    const terminal = createMemoryTerminal(40, 10);
    terminal.stdout.write('frame 1');
    terminal.stdout.rendered();
    terminal.stdout.write('hello\nframe 1');
    await Promise.resolve();
    terminal.stdout.write('frame 2');
    terminal.stdout.rendered();
    expect(terminal.screen()).toBe('hello\nframe 2');
    expect(terminal.stdout.frameCount).toBe(2);
  });

  it("keeps the app text's last line break when the frame begins with one (a padded frame)", () => {
    const terminal = createMemoryTerminal(40, 10);
    terminal.stdout.rendered();
    terminal.stdout.write('\n  padded frame');
    terminal.stdout.write('one\n');
    terminal.stdout.write('two\n');
    expect(terminal.screen()).toBe('one\ntwo\n\n  padded frame');
  });

  it('keeps only as many of the app text lines as the terminal has rows', () => {
    const terminal = createMemoryTerminal(40, 3);
    terminal.stdout.rendered();
    terminal.stdout.write('frame');
    for (const n of [1, 2, 3, 4, 5]) terminal.stdout.write(`line ${n}\n`);
    expect(terminal.screen()).toBe('line 3\nline 4\nline 5\nframe');
  });
});
