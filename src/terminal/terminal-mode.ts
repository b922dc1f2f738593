import type { PtyWhy, TerminalRoute } from '../util/reach.js';
import type { TerminalCursor } from './xterm-screen.js';

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
 * The `Mode:` line every answer of a terminal session carries: how its app is reached (the route,
 * src/util/reach.ts), and what it cannot do. `lateInk` (the in-process terminal only): the app
 * imported an Ink after it was served in terminal mode.
 */
export function modeLine(route: TerminalRoute, why: PtyWhy = 'not_node', lateInk = false): string {
  if (route === 'devtools-hook')
    return (
      "Mode: DevTools hook — the app's Ink is bundled into its code: its React tree, focus and " +
      "accessibility outline are read through React's DevTools hook, its screen and keys go through " +
      'its terminal. Widgets are recognised by component name only.'
    );
  const how =
    route === 'pty'
      ? PTY_WHY[why]
      : lateInk
        ? 'the app drew on its terminal before it imported Ink (a prompt first), so its Ink renders there, unhooked'
        : 'the app draws on its terminal with no Ink ink-mcp could hook (one bundled into its code, or none)';
  return (
    `Mode: terminal — ${how}. Keys and the screen only: no widgets, no focus, no element tree; ` +
    'each key waits until the app has written and gone quiet.'
  );
}
