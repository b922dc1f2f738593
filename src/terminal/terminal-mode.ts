import type { PtyWhy, TerminalRoute } from '../util/reach.js';

const PTY_WHY: Record<PtyWhy, string> = {
  not_node: 'the program runs in a pseudo-terminal (it is not a Node program ink-mcp can hook)',
  asked: 'the program runs in a pseudo-terminal, as asked (--terminal)',
  started_by_node:
    'the program runs in a pseudo-terminal (a Node process of the command started it with its terminal; it is not a Node program ink-mcp can hook)',
};

/**
 * The `Mode:` line every answer of a terminal session carries: how its app is reached (the route,
 * src/util/reach.ts), and what it cannot do.
 */
export function modeLine(route: TerminalRoute, why: PtyWhy = 'not_node'): string {
  if (route === 'devtools-hook')
    return (
      "Mode: DevTools hook — the app's Ink is bundled into its code: its React tree, focus and " +
      "accessibility outline are read through React's DevTools hook, its screen and keys go through " +
      'its terminal. Widgets are recognised by component name only.'
    );
  const how =
    route === 'pty'
      ? PTY_WHY[why]
      : 'the app draws on its terminal with no Ink ink-mcp could hook (one bundled into its code, or none)';
  return (
    `Mode: terminal — ${how}. Keys and the screen only: no widgets, no focus, no element tree; ` +
    'each key waits until the app has written and gone quiet.'
  );
}
