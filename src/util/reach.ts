/**
 * How an app is reached: the one place that decides it (docs/architecture.md, "Reaching an app").
 * Pure: the callers find the facts (is the command Node, did Ink come through the module hook, did
 * React's DevTools hook report a root) and do what the route says; the choice is made only here.
 *
 * Three words are kept apart, because "mode" meant all three:
 * - serving (`Serving`): headless (MCP on stdio, no person's terminal) or attached (the person's
 *   terminal, MCP over HTTP): the launcher's `--attach`, `INK_MCP_MODE`;
 * - the route (`Route`): how ink-mcp reaches the app's widgets or screen;
 * - the `Mode:` line: the text a terminal session's answers carry (src/terminal/terminal-mode.ts).
 */

/**
 * How the preload serves a process, as `INK_MCP_MODE` spells it (and the preload's handshake,
 * src/render/preload-state.ts): `stdio` is headless (MCP on stdio or the launcher's socket),
 * `attach` is attached (the person's real terminal, MCP over HTTP).
 */
export type Serving = 'stdio' | 'attach';

/**
 * How ink-mcp reaches an app:
 * - `module-hook`: the app imports Ink through the preload's module hook: served as an Ink app,
 *   with widgets, focus and the element tree (as an app that renders through ink-mcp itself is:
 *   `renderMcp`, `startMcp`, `<McpSession>`);
 * - `devtools-hook`: Ink is bundled into the app's code, its React tree read through React's
 *   DevTools hook; screen and keys through the terminal ink-mcp fakes in its process;
 * - `in-process-terminal`: a Node process that draws a terminal UI with no Ink ink-mcp could hook:
 *   keys and screen only, through the terminal ink-mcp fakes in its process;
 * - `pty`: a program that is not Node (a compiled binary, a shell script), run in a pseudo-terminal:
 *   keys and screen only.
 */
export type Route = 'module-hook' | 'devtools-hook' | 'in-process-terminal' | 'pty';

/** The routes of a terminal session (src/terminal/): every route but the module hook. */
export type TerminalRoute = Exclude<Route, 'module-hook'>;

/**
 * Why a program runs in a pseudo-terminal, as its answers say: it is not a Node program the preload
 * can hook (`not_node`); the user asked (`--terminal`, `asked`); or a Node process started it with
 * its terminal inherited, and it is not Node (`started_by_node`: a loader's native binary).
 */
export type PtyWhy = 'not_node' | 'asked' | 'started_by_node';

/**
 * The launcher's choice for a command, before it starts: attached (the preload in the person's
 * terminal), headless under the preload (the module hook, or the in-process terminal decided later
 * in the process: `terminalRouteOnceDrawn`), or a pseudo-terminal of the launcher's own.
 */
export type LaunchRoute =
  | { kind: 'attached' }
  | { kind: 'preload' }
  | { kind: 'pty'; why: Extract<PtyWhy, 'not_node' | 'asked'> };

export function launchRoute(command: {
  /** `--attach`. */
  attach: boolean;
  /** `--terminal`. */
  terminalAsked: boolean;
  /** The command starts Node, so the preload can reach the app (src/launcher/node-command.ts). */
  startsNode: boolean;
}): LaunchRoute {
  if (command.attach) return { kind: 'attached' };
  if (command.terminalAsked || !command.startsNode)
    return { kind: 'pty', why: command.startsNode ? 'asked' : 'not_node' };
  return { kind: 'preload' };
}

/** What the preload prepares in a process before the app imports anything. */
export interface PreloadReach {
  /** Serve this process's own stdio (`node --import ink-mcp/register`, no launcher). */
  ownStdio: boolean;
  /**
   * Install the in-process terminal (src/register/terminal-pair.ts), React's DevTools hook and the
   * following of children: the routes other than the module hook open only with it.
   */
  terminalPair: boolean;
  /** Make the process's streams look like a terminal's (src/register/terminal-look.ts). */
  looksLikeTerminal: boolean;
}

export function preloadReach(process: {
  serving: Serving;
  /** The launcher's relay socket is set. */
  socket: boolean;
  /** This process's stdin is the app's terminal (src/launcher/app-stdin.ts). */
  onAppTerminal: boolean;
  /** This process's stdout is a real terminal: there the keys are a person's, never faked. */
  stdoutIsTTY: boolean;
}): PreloadReach {
  const headless = process.serving === 'stdio';
  return {
    ownStdio: headless && !process.socket,
    terminalPair: headless && process.socket && process.onAppTerminal && !process.stdoutIsTTY,
    looksLikeTerminal: headless && process.onAppTerminal,
  };
}

/**
 * The route of a terminal session, once the app has drawn: a React root reported through the
 * DevTools hook makes it `devtools-hook` (its tree and focus read too), whatever the terminal.
 */
export function terminalRouteOnceDrawn(
  terminal: Extract<TerminalRoute, 'in-process-terminal' | 'pty'>,
  devtoolsRoot: boolean,
): TerminalRoute {
  return devtoolsRoot ? 'devtools-hook' : terminal;
}

/** Shells pass their stdio on to what they run: a Node program under one gets the preload itself. */
const SHELLS = /^(sh|bash|dash|zsh|ksh|fish|cmd|powershell|pwsh)(\.exe)?$/i;

/**
 * Whether a child a process on the app's terminal starts runs in a pseudo-terminal of its own
 * (src/register/follow-children.ts): it inherits the terminal (stdin and stdout), is started
 * without a shell, is no shell itself, and is not Node (a Node child gets the preload and the
 * terminal as its parent did). `startsNode` is asked last: it reads the file.
 */
export function childInPty(child: {
  inheritsTerminal: boolean;
  /** Started through a shell (`options.shell`): what the shell runs inherits the same stdio. */
  shell: boolean;
  /** The program's file name, without its folder. */
  program: string;
  startsNode: () => boolean;
}): boolean {
  if (!child.inheritsTerminal || child.shell) return false;
  if (SHELLS.test(child.program)) return false;
  return !child.startsNode();
}
