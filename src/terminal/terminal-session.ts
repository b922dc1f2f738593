import { spec } from '../react/builtins/catalog-spec.js';
import type { BuiltinHost } from '../react/builtins/host.js';
import { keyboardProvider } from '../react/builtins/keyboard-tools.js';
import { screenProvider } from '../react/builtins/screen-tools.js';
import { Session } from '../session/session.js';
import type { ViewSource } from '../session/view-source.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import type { PtyWhy, TerminalRoute } from '../util/reach.js';
import { ActionError } from '../walker/action-error.js';
import { FOCUS_LIST, FOCUS_NEXT, FOCUS_PREVIOUS, FOCUS_SET } from '../walker/builtin-catalog.js';
import { markBuiltin } from '../walker/reserved-ids.js';
import type { ToolProvider, ViewNode } from '../walker/types.js';
import { cursorLine, modeLine } from './terminal-mode.js';
import type { TerminalScreen } from './xterm-screen.js';

export interface TerminalApp {
  /** The app's screen, kept from the bytes it writes. */
  screen: TerminalScreen;
  /** Bytes to the app's input, as a terminal sends a key. */
  send(data: string): void;
  /**
   * How the app is reached (src/util/reach.ts): said in every answer. A React root reported through
   * the DevTools hook makes it a hooked session instead (src/render/serve-terminal.ts).
   */
  route: Extract<TerminalRoute, 'in-process-terminal' | 'pty'>;
  /** In a pseudo-terminal: why (said in every answer). @default 'not_node' */
  ptyWhy?: PtyWhy;
  /**
   * In the app's own process (`'in-process-terminal'`): whether the app has imported an Ink since it
   * was served here (it drew first: a prompt before Ink), which then renders on this terminal, unhooked.
   */
  lateInk?: () => boolean;
}

export interface TerminalSessionOptions {
  id: string;
  app: TerminalApp;
  /** The keyboard and screen tools (the focus tools say what this mode cannot do). @default true */
  builtinTools?: boolean;
  logger?: Logger;
}

/**
 * A session over an app ink-mcp reaches only as a terminal does: the bytes it writes (kept as a
 * screen) and the bytes it reads. Its tree is the built-in tools alone: there are no widgets to
 * find, no focus to read and no element tree. Keys are paced by the app's output (a terminal does
 * not say when a key was handled): each waits until the app has written and gone quiet.
 */
export function terminalSession(options: TerminalSessionOptions): Session {
  const { id, app, logger } = options;
  const { screen } = app;
  let session: Session | undefined;
  const host: BuiltinHost = {
    press: async (data) => {
      // Not into a view drawn a blink ago (it may not listen yet), as a person would not.
      await screen.keyReady();
      app.send(data);
      await screen.answered();
      // A terminal session cannot tell what a key set in motion: nothing to report.
      return undefined;
    },
    personOnly: () => undefined,
    screen: () => screen.text(),
    view: (offset, styles) => session?.readScreen(offset, styles),
    focus: () => undefined,
    outline: () => '',
    aria: () => [],
    // "Now" is what the app wrote so far, once it paused (or a short bound, for an app that animates).
    settled: () => screen.answered({ firstMs: 0, quietMs: 20, maxMs: 250 }),
    // Screenshots are for sessions ink-mcp renders: a terminal app's screen is read as text.
    picture: () => undefined,
    screenshots: undefined,
    onCommit: (listener) => screen.onChange(listener),
  };
  const nodes: ViewNode[] =
    options.builtinTools === false
      ? []
      : [
          node('keyboard', keyboardProvider(host)),
          node('screen', screenProvider(host)),
          node('focus', focusRefusal(app.route)),
        ];
  const source: ViewSource = {
    current: () => nodes,
    snapshot: () => nodes,
    // The tree never changes: the tools are the built-ins, whatever is on the screen.
    subscribe: () => () => {},
    settled: () => screen.parsed(),
    screen: () => screen.text(),
  };
  session = new Session({
    id,
    source,
    ...defined({ logger }),
    input: host.press,
    screenSize: () => ({ columns: screen.columns, rows: screen.rows }),
    // Colours and styles as the terminal shows them: screen.read {styles: true} reads them.
    styledScreen: () => screen.styled(),
    mode: () => {
      const mode = modeLine(app.route, app.ptyWhy, app.lateInk?.() === true);
      const cursor = cursorLine(screen.cursor());
      return cursor === undefined ? mode : `${mode}\n${cursor}`;
    },
  });
  return session;
}

/** The focus tools stay listed (the list is the same in every mode) and say why they cannot work. */
function focusRefusal(route: TerminalRoute): ToolProvider {
  const refuse = () => {
    throw new ActionError(
      `ink-mcp: in terminal mode (${route === 'pty' ? 'a pseudo-terminal' : 'a bundled Ink'}) Ink's focus cannot be read or moved: press tab or shift+tab with keyboard.press, and read the screen.`,
    );
  };
  const specs = [FOCUS_LIST, FOCUS_SET, FOCUS_NEXT, FOCUS_PREVIOUS].map((entry) => ({
    ...spec(entry),
    run: refuse,
  }));
  return { mcpTools: () => specs };
}

function node(id: string, provider: ToolProvider): ViewNode {
  return { type: `ink-mcp:${id}`, id, attrs: {}, children: [], provider: markBuiltin(provider) };
}
