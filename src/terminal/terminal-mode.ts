/**
 * How a terminal session reaches its app, when ink-mcp cannot reach the app's Ink by module:
 * `'stdio'`, a Node program whose Ink is bundled into its own code, driven through a terminal ink-mcp
 * fakes in its process; `'devtools'`, the same, with its React tree read through React's DevTools
 * hook; `'pty'`, a program that is not Node (a compiled binary, a shell script), run in a
 * pseudo-terminal.
 */
export type TerminalMode = 'stdio' | 'devtools' | 'pty';

/** The line every answer of a terminal session carries: the mode, and what it cannot do. */
export function modeLine(mode: TerminalMode): string {
  if (mode === 'devtools')
    return (
      "Mode: DevTools hook — the app's Ink is bundled into its code: its React tree, focus and " +
      "accessibility outline are read through React's DevTools hook, its screen and keys go through " +
      'its terminal. Widgets are recognised by component name only.'
    );
  const how =
    mode === 'pty'
      ? 'the program runs in a pseudo-terminal (it is not a Node program ink-mcp can hook)'
      : 'the app draws on its terminal with no Ink ink-mcp could hook (one bundled into its code, or none)';
  return (
    `Mode: terminal — ${how}. Keys and the screen only: no widgets, no focus, no element tree; ` +
    'each key waits until the app has written and gone quiet.'
  );
}
