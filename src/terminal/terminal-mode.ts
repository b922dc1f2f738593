import type { TerminalCursor } from './xterm-screen.js';

/**
 * How a terminal session reaches its app, when ink-mcp cannot reach the app's Ink by module:
 * `'stdio'`, a Node program whose Ink is bundled into its own code, driven through a terminal ink-mcp
 * fakes in its process; `'devtools'`, the same, with its React tree read through React's DevTools
 * hook; `'pty'`, a program that is not Node (a compiled binary, a shell script), run in a
 * pseudo-terminal.
 */
export type TerminalMode = 'stdio' | 'devtools' | 'pty';

/**
 * Why a program runs in a pseudo-terminal, as its answers say: it is not a Node program the preload
 * can hook (`not_node`); the user asked (`--terminal`, `asked`); or a Node process started it with
 * its terminal inherited, and it is not Node (`started_by_node`: a loader's native binary).
 */
export type PtyWhy = 'not_node' | 'asked' | 'started_by_node';

const PTY_WHY: Record<PtyWhy, string> = {
  not_node: 'the program runs in a pseudo-terminal (it is not a Node program ink-mcp can hook)',
  asked: 'the program runs in a pseudo-terminal, as asked (--terminal)',
  started_by_node:
    'the program runs in a pseudo-terminal (a Node process of the command started it with its terminal; it is not a Node program ink-mcp can hook)',
};

/**
 * Where the terminal's cursor is, as a line under the mode line: where typed text goes in a program
 * that shows it (a shell, a readline prompt). None while the app hides it, as Ink apps do: it tells
 * nothing then, and answers are kept short (issue #38).
 */
export function cursorLine(cursor: TerminalCursor | undefined): string | undefined {
  return cursor && `Cursor: row ${cursor.row}, column ${cursor.column}.`;
}

/**
 * The line every answer of a terminal session carries: the mode, and what it cannot do. `lateInk`
 * (`'stdio'` only): the app imported an Ink after it was served in terminal mode.
 */
export function modeLine(mode: TerminalMode, why: PtyWhy = 'not_node', lateInk = false): string {
  if (mode === 'devtools')
    return (
      "Mode: DevTools hook — the app's Ink is bundled into its code: its React tree, focus and " +
      "accessibility outline are read through React's DevTools hook, its screen and keys go through " +
      'its terminal. Widgets are recognised by component name only.'
    );
  const how =
    mode === 'pty'
      ? PTY_WHY[why]
      : lateInk
        ? 'the app drew on its terminal before it imported Ink (a prompt first), so its Ink renders there, unhooked'
        : 'the app draws on its terminal with no Ink ink-mcp could hook (one bundled into its code, or none)';
  return (
    `Mode: terminal — ${how}. Keys and the screen only: no widgets, no focus, no element tree; ` +
    'each key waits until the app has written and gone quiet.'
  );
}
