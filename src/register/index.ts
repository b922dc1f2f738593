/**
 * `node --import ink-mcp/register app.js`: the app's own `render(...)` from Ink renders inside an
 * `McpSession` and is served over MCP, with no change to the app. Configured by environment
 * variables (config.ts; the README's "No code change" section); the `ink-mcp` launcher sets them.
 */
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { onAppStdin } from '../launcher/app-stdin.js';
import { type RegisterConfig, readConfig } from '../launcher/config.js';
import type { StdioChannel } from '../launcher/stdio-relay.js';
import { type PreloadHook, setPreloadHook } from '../render/preload-state.js';
import { preloadReach } from '../util/reach.js';
import { type InkRoots, installDevtoolsHook } from './devtools-hook.js';
import { followChildren } from './follow-children.js';
import { lookLikeTerminal } from './terminal-look.js';
import { installTerminalPair, type TerminalPair } from './terminal-pair.js';
import { WidgetCopies } from './widget-copies.js';

/**
 * How long after an app first behaved as a terminal UI (raw mode, cursor controls) without having
 * imported Ink ink-mcp could hook, it is served in terminal mode (a bundle): room for an app that
 * draws a spinner before it imports Ink.
 */
const TERMINAL_AFTER_MS = 1_500;

// React picks its development or production build when it is first imported, and agents want the
// production one (the development build keeps performance entries of every render, unfreed): set
// it before anything can import React, unless the user chose.
process.env.NODE_ENV ??= 'production';

const result = readConfig(process.env);
if (!result.ok) {
  process.stderr.write(`${result.message}\n`);
} else {
  const { config } = result;
  const ownRoot = new URL('../../', import.meta.url).href;
  register('./hooks.js', import.meta.url, { data: { ownRoot } });
  type Wrap = (ink: object) => unknown;
  // What this process gets is decided with the other routes (src/util/reach.ts). The processes on the
  // app's terminal: under the launcher, those whose stdin is the launcher's (the command, and what it
  // starts with inherited stdio); the app's own children given other input keep theirs (app-stdin.ts).
  const reach = preloadReach({
    serving: config.serving,
    socket: config.socket !== undefined,
    onAppTerminal: onAppStdin(process.env),
    stdoutIsTTY: process.stdout.isTTY === true,
  });
  // Serving this process's own stdio: the protocol owns stdout from now on, and `initialize` (on the
  // stable surface `tools/list` too: early-tools.ts) is answered while ink-mcp's server loads.
  const stdio = reach.ownStdio ? await openOwnStdio(config) : undefined;
  // Under the launcher (headless), a terminal of the process's own streams, for an app whose Ink
  // cannot be hooked by module (terminal-pair.ts). Not in a real terminal: there the keys are a person's.
  const pair = reach.terminalPair ? installTerminalPair() : undefined;
  // And the UI followed into the children that inherit that terminal: a program that is not Node
  // runs in a pseudo-terminal, served (follow-children.ts).
  if (pair) followChildren(fileURLToPath(new URL('./pty-child.js', import.meta.url)));
  // With it, React's DevTools hook: a bundled Ink that injects into it (DEV=true) shows its tree.
  const roots = pair ? installDevtoolsHook((message) => process.stderr.write(`${message}\n`)) : undefined;
  if (reach.looksLikeTerminal) lookLikeTerminal(config);
  const copies = new WidgetCopies();
  let started: Promise<Wrap> | undefined;
  // ink-mcp's own modules load only in the process that imports Ink (or serves its own stdio).
  const start = () => {
    started ??= import('./serve.js').then((m) => m.serve(config, stdio, copies));
    return started;
  };
  const fallback = (ink: object, error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ink-mcp: the app runs but is not served: ${why}\n`);
    return (ink as { render: unknown }).render;
  };
  /** Ink was imported through the module hook: served as an Ink app. */
  let hooked = false;
  /** Served in terminal mode: an Ink imported later renders on that terminal, unserved by module. */
  let terminal = false;
  /** The app imported Ink after it was served in terminal mode (a prompt before Ink): its answers say so. */
  let lateInk = false;
  const hook: PreloadHook = {
    mode: config.serving,
    wrap: (ink) => {
      if (terminal) {
        lateInk = true;
        process.stderr.write(
          'ink-mcp: the app imported Ink after it was served in terminal mode; it stays in terminal mode (keys and screen only).\n',
        );
        return Promise.resolve((ink as { render: unknown }).render);
      }
      hooked = true;
      pair?.dismiss();
      return start().then(
        (wrap) => wrap(ink),
        (error: unknown) => fallback(ink, error),
      );
    },
    widgetCopy: (library, module) => copies.add(library, module),
  };
  setPreloadHook(hook);
  const claimTerminal = () => {
    if (hooked || terminal) return false;
    terminal = true;
    return true;
  };
  if (pair && roots) watchForBundle(pair, roots, config, claimTerminal, () => lateInk);
  if (stdio) {
    start().catch((error: unknown) => {
      process.stderr.write(
        `ink-mcp: this process is not served: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    });
  }
}

/**
 * Terminal mode for an app that draws a terminal UI without importing Ink through the module hook
 * (Ink bundled into its code): once it did, and still has not a little later, `claim()` decides it
 * (false when Ink was hooked meanwhile) and this process is served on its terminal.
 */
function watchForBundle(
  pair: TerminalPair,
  roots: InkRoots,
  config: RegisterConfig,
  claim: () => boolean,
  lateInk: () => boolean,
): void {
  pair.onInteractive(() => {
    const timer = setTimeout(() => {
      if (!claim()) return;
      import('./serve-bundle.js')
        .then((m) => m.serveBundle(config, pair, roots, lateInk))
        .catch((error: unknown) => {
          process.stderr.write(
            `ink-mcp: this process draws a terminal UI but could not be served in terminal mode: ${error instanceof Error ? error.message : String(error)}\n`,
          );
        });
    }, TERMINAL_AFTER_MS);
    timer.unref();
  });
}

async function openOwnStdio(config: RegisterConfig): Promise<StdioChannel> {
  const [{ openStdioRelay }, { earlyTools }] = await Promise.all([
    import('../launcher/stdio-relay.js'),
    import('../launcher/early-tools.js'),
  ]);
  const tools =
    config.surface === 'stable'
      ? earlyTools({
          session: config.session,
          builtinTools: config.builtinTools,
          screenshots: config.screenshots,
        })
      : undefined;
  return openStdioRelay(tools ? { tools } : {});
}
