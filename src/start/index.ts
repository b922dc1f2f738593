/**
 * `ink-mcp/start`: `renderMcp` for an app that loads after the first answer. An app's entry file
 * that imports Ink (and its own components) cannot answer anything before Node has loaded all of it
 * (Ink alone is ~800 modules, half a second here: bench/README.md, "P5.start"), and some clients
 * give up a first probe after 1 s. This entry imports neither Ink, React nor the MCP SDK: over stdio
 * it answers `initialize` at once (the launcher's relay, src/launcher/relay.ts), loads the app and
 * ink-mcp meanwhile, then hands the connection to `renderMcp`'s server; requests that need the app
 * wait for its first render, as they do with `renderMcp`. On the stable surface (the default) with
 * no server-level `tools`, `tools/list` is answered at once too: that list does not depend on the app.
 * @module ink-mcp/start
 */

import { earlyTools } from '../launcher/early-tools.js';
import { openStdioRelay, type StdioChannel } from '../launcher/stdio-relay.js';
import { servedByPreload } from '../render/preload-state.js';
import type { McpApp, RenderMcpOptions, renderMcp } from '../render/render-mcp.js';
import { defined } from '../util/defined.js';
import { screenshotsOnByEnv } from '../util/screenshots-env.js';
import { clip, errorText } from '../util/text.js';
import { SERVER_NAME, VERSION } from '../util/version.js';
import { cleanText } from '../walker/clean-text.js';

/** What `load` resolves to: the element `renderMcp` renders (`<App />`). */
export type AppElement = Parameters<typeof renderMcp>[0];

/**
 * Loads the app with `load` (a dynamic `import()` of its components, then its element), and
 * renders and serves it as `renderMcp(element, options)` does. With `transport: 'stdio'` on the
 * process's own stdin and stdout, `initialize` (and on the stable surface `tools/list`) is answered before `load` is called. When `load` throws, requests waiting for the
 * app are answered with its message, and the returned promise rejects with it.
 */
export async function startMcp(
  load: () => AppElement | Promise<AppElement>,
  options: RenderMcpOptions,
): Promise<McpApp> {
  // Under the preload (which serves this process itself) renderMcp refuses with the reason.
  const early =
    options.transport === 'stdio' && !options.stdin && !options.stdout && !servedByPreload()
      ? openStdioRelay({
          serverInfo: { name: options.name ?? SERVER_NAME, version: options.version ?? VERSION },
          ...listedEarly(options),
        })
      : undefined;
  const loaded = async () => {
    // The package root (the core and the default adapters), as the preload loads it.
    const root: Promise<{ renderMcp: typeof renderMcp }> = import(
      new URL('../../index.js', import.meta.url).href
    );
    const [{ renderMcp: render }, element] = await Promise.all([root, load()]);
    return { render, element };
  };
  if (!early) {
    const { render, element } = await loaded();
    return render(element, options);
  }
  let app: McpApp;
  try {
    const { render, element } = await loaded();
    // Queued in `input` until the server reads it: the client's initialize first, then the rest.
    early.attached();
    app = await render(element, { ...options, stdin: asReadStream(early), stdout: asWriteStream(early) });
  } catch (error) {
    // The app's own message, cleaned and cut as a handler's error is (src/registry/call-error.ts).
    early.fail(`ink-mcp: the app could not be started: ${clip(cleanText(errorText(error)), 500)}`);
    throw error;
  }
  early.direct();
  // The real stdin is read by the relay, not the server: let it go once the app is down.
  void app.waitUntilExit().finally(() => early.close());
  return app;
}

/**
 * The tools the server will list, when the options alone decide them: the stable surface with no
 * server-level tools lists the session's built-ins (or not) and its `act` tool, whatever the app
 * shows. Server-level tools are checked, cleaned and named by the server, so with them (or the
 * widgets surface) a listing waits for the app.
 */
function listedEarly(options: RenderMcpOptions): { tools?: readonly object[] } {
  if ((options.surface ?? 'stable') !== 'stable' || (options.tools?.length ?? 0) > 0) return {};
  const tools = earlyTools({
    session: options.session,
    builtinTools: options.builtinTools !== false,
    // As serve-app.ts decides it: the option, else INK_MCP_SCREENSHOTS.
    screenshots:
      options.screenshots === undefined ? screenshotsOnByEnv(process.env) : options.screenshots !== false,
    ...defined({ nameStyle: options.nameStyle }),
  });
  return tools ? { tools } : {};
}

// renderMcp reads and writes these as streams; it never needs a terminal's methods in stdio mode.
const asReadStream = (channel: StdioChannel) => channel.input as unknown as NodeJS.ReadStream;
const asWriteStream = (channel: StdioChannel) => channel.output as unknown as NodeJS.WriteStream;
