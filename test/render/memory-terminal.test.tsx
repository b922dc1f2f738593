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
});
