import { realpathSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ownInk from 'ink';
import type { RegisterConfig } from '../launcher/config.js';
import type { StdioChannel } from '../launcher/stdio-relay.js';
import type { RecordSetup } from '../render/recorder.js';
import { type ServedApp, serveApp } from '../render/serve-app.js';
import { mountSession } from '../render/session-mount.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import { stderrLogger } from '../util/logger.js';
import { RECORDED_SETTINGS } from '../util/recording.js';
import { exitAfterInput } from './exit-after-input.js';
import { openInput } from './served-input.js';
import type { WidgetCopies } from './widget-copies.js';
import { wrapRender } from './wrap-render.js';

type InkModule = typeof ownInk;

/**
 * Starts serving this process as the preload was configured (serve-app.ts puts it together): over
 * stdio (the launcher's socket or this process's own stdin/stdout), connected at once so that the
 * opening is answered before the app's first render; or over Streamable HTTP (attach). Returns what
 * wraps the app's `render`.
 */
export async function serve(
  config: RegisterConfig,
  stdio?: StdioChannel,
  copies?: WidgetCopies,
): Promise<(ink: object) => unknown> {
  const logger = stderrLogger;
  const input = config.serving === 'stdio' ? await openInput(config.socket, stdio, logger) : undefined;
  let served: ServedApp | undefined;
  const adapters = loadAdapters(logger, copies, () => served && rereadSessions(served));
  served = await serveApp({
    mount: mountSession,
    server: { logger, surface: config.surface, answerBlocks: config.answerBlocks },
    session: config.session,
    io: input
      ? { kind: 'stdio', ...input, before: adapters }
      : { kind: 'http', ...defined({ port: config.port }) },
    headless: {
      ...defined({ columns: config.columns, rows: config.rows }),
      renderOnRead: true,
      stderr: process.stderr,
    },
    builtinTools: config.builtinTools,
    ...(config.record && input ? { record: recordSetup(config) } : {}),
    screenshots: config.screenshots,
    ...defined({ keyEffectsMs: config.keyEffectsMs }),
    // Served input keeps the process alive only while an app runs: an app that has exited lets the
    // process end as it would without ink-mcp (and a later render is served again).
    whenIdle: input ? 'keep' : 'close',
  });
  stdio?.attached();
  // Nothing can fail the relay from here on: the server serves this process until it ends.
  stdio?.direct();
  exitAfterInput(input?.ended, served.stopped);
  let rendered = false;
  return (appInk: object) => {
    const ink = appInk as InkModule;
    // ink-mcp is bound to the copy of Ink the app imported first (hooks.ts): that is the one served.
    if (ink.render === ownInk.render) {
      const render = wrapRender(ink.render, served);
      return ((...args: Parameters<typeof render>) => {
        rendered = true;
        const instance = render(...args);
        // Attached, nothing holds requests for the adapters (stdio's `before` does): they load at
        // the first render all the same, and the sessions are read again once they have, so that a
        // widget drawn before then (an ink-text-input on the first screen) is offered.
        if (!input) void adapters().then(() => served && rereadSessions(served));
        return instance;
      }) as typeof render;
    }
    // Another copy, imported later (a plugin's, a widget library's): importing it changes nothing;
    // rendering with it is not served, and said.
    return ((...args: Parameters<typeof ink.render>) => {
      logger.warn(ANOTHER_COPY);
      // The client hears it too when nothing is served: its requests would find no session and no tools.
      if (!rendered) served.refuse(ANOTHER_COPY);
      return ink.render(...args);
    }) as typeof ink.render;
  };
}

/**
 * How a replay starts this app again: the launcher's command (it said which), or this process's own
 * (`node --import ink-mcp/register app.js`), with the settings the launcher's flags made.
 */
function recordSetup(config: RegisterConfig): RecordSetup {
  const env = Object.fromEntries(
    RECORDED_SETTINGS.flatMap((name) =>
      process.env[name] === undefined ? [] : [[name, process.env[name] as string]],
    ),
  );
  return {
    file: config.record as string,
    // Every Node process of the command has the preload: only the one served records.
    deferred: true,
    launch: {
      preload: true,
      command: config.recordCommand ?? [
        process.execPath,
        ...ownOptions(process.execArgv),
        ...process.argv.slice(1),
      ],
      env,
    },
  };
}

/** Each session's tree read again (a type map changed under it): new tools are listed and said. */
function rereadSessions(served: ServedApp): void {
  for (const session of served.server.hub.sessions()) session.snapshot();
}

/**
 * This process's Node options (`--import tsx`) without the preload itself, which a replay adds again.
 * `preload`: the preload's own file (exported for tests).
 */
export function ownOptions(
  execArgv: readonly string[],
  preload: URL = new URL('./index.js', import.meta.url),
): string[] {
  const options: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i]!;
    const value = option.includes('=') ? option.slice(option.indexOf('=') + 1) : execArgv[i + 1];
    const takesValue = /^--(import|require|loader|experimental-loader)$/.test(option) || option === '-r';
    if (
      /^(--import|--require|-r|--loader|--experimental-loader)(=|$)/.test(option) &&
      value !== undefined &&
      isPreload(value, preload)
    ) {
      if (takesValue) i++;
      continue;
    }
    options.push(option);
  }
  return options;
}

/** `ink-mcp/register`, or the preload's own file by URL or path. */
function isPreload(specifier: string, own: URL): boolean {
  if (specifier === 'ink-mcp/register' || specifier === own.href || specifier === own.pathname) return true;
  // Node loads a module by its real path: one named through a symbolic link (a linked node_modules)
  // is the same file.
  try {
    const path = specifier.startsWith('file:') ? fileURLToPath(specifier) : specifier;
    return isAbsolute(path) && realpathSync(path) === fileURLToPath(own);
  } catch {
    return false;
  }
}

const ANOTHER_COPY =
  'ink-mcp: the app renders with a second copy of ink, other than the one it imported first, which ink-mcp serves; that render is not served. Use one copy of ink in the app (npm dedupe).';

/**
 * The default type map's adapters (@inkjs/ui, ink-text-input, …), as the package entry loads them.
 * They import Ink through the app's wrapped module, which waits for `serve`: so they load at the
 * app's first render, once that module has finished. A second module graph joining it while it still
 * evaluates can leave the app's own import of Ink waiting for ever (Node 22 under tsx: the app never
 * ran). Requests that need the app wait for them. The preload is an entry point like the package
 * root, not part of the core: it loads the root.
 */
function loadAdapters(
  logger: Logger,
  copies: WidgetCopies | undefined,
  reread: () => void,
): () => Promise<unknown> {
  let adapters: Promise<unknown> | undefined;
  return () =>
    (adapters ??= Promise.all([
      import(new URL('../../index.js', import.meta.url).href),
      // Other copies of the widget libraries (nested under another dependency): adapted as they load.
      copies &&
        import(new URL('../../components/adapters/copies.js', import.meta.url).href).then(
          (m: { adaptCopy(library: string, module: object): boolean }) => {
            let ready = false;
            copies.adaptWith((library, module) => {
              m.adaptCopy(library, module);
              // One loaded after the first render: the sessions' trees are read again for it.
              if (ready) reread();
            });
            ready = true;
          },
        ),
    ]).catch((error: unknown) =>
      logger.warn(`ink-mcp: the adapters for third-party widgets did not load: ${String(error)}`),
    ));
}
