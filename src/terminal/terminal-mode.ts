/**
 * How a terminal session reaches its app, when ink-mcp cannot reach the app's Ink: `'stdio'`, a
 * Node program whose Ink is bundled into its own code, driven through a terminal ink-mcp fakes in
 * its process; `'pty'`, a program that is not Node (a compiled binary, a shell script), run in a
 * pseudo-terminal.
 */
export type TerminalMode = 'stdio' | 'pty';

/** The line every answer of a terminal session carries: the mode, and what it cannot do. */
export function modeLine(mode: TerminalMode): string {
  const how =
    mode === 'pty'
      ? 'the program runs in a pseudo-terminal (it is not a Node program ink-mcp can hook)'
      : "the app's Ink is bundled into its code, out of ink-mcp's reach";
  return (
    `Mode: terminal — ${how}. Keys and the screen only: no widgets, no focus, no element tree; ` +
    'each key waits until the app has written and gone quiet.'
  );
}
