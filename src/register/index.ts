/**
 * `node --import ink-mcp/register app.js`: the app's own `render(...)` from Ink renders inside an
 * `McpSession` and is served over MCP, with no change to the app. Configured by environment
 * variables (config.ts; the README's "No code change" section); the `ink-mcp` launcher sets them.
 */
import { register } from 'node:module';
import { type RegisterConfig, readConfig } from '../launcher/config.js';
import type { StdioChannel } from '../launcher/stdio-relay.js';
import { type PreloadHook, setPreloadHook } from '../render/preload-state.js';
import { lookLikeTerminal } from './terminal-look.js';

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
  // Serving this process's own stdio: the protocol owns stdout from now on, and `initialize` (on the
  // stable surface `tools/list` too: early-tools.ts) is answered while ink-mcp's server loads.
  const stdio = config.mode === 'stdio' && !config.socket ? await openOwnStdio(config) : undefined;
  if (config.mode === 'stdio') lookLikeTerminal(config);
  let started: Promise<Wrap> | undefined;
  // ink-mcp's own modules load only in the process that imports Ink (or serves its own stdio).
  const start = () => {
    started ??= import('./serve.js').then((m) => m.serve(config, stdio));
    return started;
  };
  const fallback = (ink: object, error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ink-mcp: the app runs but is not served: ${why}\n`);
    return (ink as { render: unknown }).render;
  };
  const hook: PreloadHook = {
    mode: config.mode,
    wrap: (ink) =>
      start().then(
        (wrap) => wrap(ink),
        (error: unknown) => fallback(ink, error),
      ),
  };
  setPreloadHook(hook);
  if (stdio) {
    start().catch((error: unknown) => {
      process.stderr.write(
        `ink-mcp: this process is not served: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    });
  }
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
