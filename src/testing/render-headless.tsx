import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { render } from 'ink';
import { type ReactElement, useEffect } from 'react';
import type { MemoryStdin, MemoryTerminal } from '../react/memory-terminal.js';
import type { McpTypeMap } from '../react/type-map.js';
import { serveApp } from '../render/serve-app.js';
import { mountSession } from '../render/session-mount.js';
import type { ScreenshotOptions } from '../screen/png-rasterizer.js';
import type { McpServerHandle, McpServerOptions } from '../server/create-mcp-server.js';
import { defined } from '../util/defined.js';

export interface RenderHeadlessOptions extends McpServerOptions {
  /** The session id (first segment of every tool name). @default 'app' */
  session?: string;
  typeMap?: McpTypeMap;
  /** Offer the built-in keyboard, screen and focus tools (`<McpSession builtinTools>`). @default true */
  builtinTools?: boolean;
  /**
   * Offer `screen.screenshot` (`<McpSession screenshots>`); `INK_MCP_SCREENSHOTS` is not read here,
   * so that a test's tools do not depend on its environment. @default false
   */
  screenshots?: boolean | ScreenshotOptions;
  /**
   * How long a key's answer waits for the short timers the key set in motion (`<McpSession
   * keyEffectsMs>`); 0 answers at the key's own commit. @default 150
   */
  keyEffectsMs?: number;
  /** @default 100 */
  columns?: number;
  /** @default 30 */
  rows?: number;
  /** The `clientInfo` the test client sends (what `CallInfo.client` and authorizers see). @default { name: 'ink-mcp-testing', version: '0' } */
  clientInfo?: { name: string; version: string };
  /** Capabilities the test client declares (e.g. `{ elicitation: {} }`). @default {} */
  clientCapabilities?: ClientCapabilities;
}

export interface HeadlessApp {
  /** A real MCP SDK client, connected to the app's server in memory. */
  client: Client;
  server: McpServerHandle;
  /** The last frame as plain text. */
  lastFrame(): string;
  /** Type as a person would: `stdin.write('a')`, `stdin.write('\r')`. */
  stdin: MemoryStdin;
  /** Resolves once React has committed pending work and the session's tools match its tree. */
  waitForSync(): Promise<void>;
  /** Unmounts the app, closes the client and the server. */
  unmount(): Promise<void>;
}

/**
 * Renders an Ink app headless inside an `McpSession` and connects a real MCP client to it: how app
 * authors (and ink-mcp's own tests) test their agent surface.
 */
export async function renderHeadless(
  element: ReactElement,
  options: RenderHeadlessOptions = {},
): Promise<HeadlessApp> {
  const {
    session = 'app',
    typeMap,
    builtinTools,
    screenshots = false,
    keyEffectsMs,
    columns,
    rows,
    clientInfo,
    clientCapabilities,
    ...server
  } = options;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = await serveApp({
    mount: mountSession,
    server,
    session,
    io: { kind: 'transport', transport: serverSide },
    headless: {
      ...defined({ columns, rows }),
      renderOnRead: false,
    },
    ...defined({ typeMap, builtinTools }),
    screenshots,
    ...defined({ keyEffectsMs }),
    // An app that exits stays served: its tools then answer that it stopped.
    whenIdle: 'keep',
  });
  let effectsRan: () => void = () => {};
  const mounted = new Promise<void>((resolve) => {
    effectsRan = resolve;
  });
  // Siblings in a fragment, not an array: an array wants keys, and React's warning about a missing
  // one would be console output on the app's screen.
  const instance = served.render(
    render,
    <>
      {element}
      <EffectsRan onRan={effectsRan} />
    </>,
  );
  const terminal = instance.terminal as MemoryTerminal;
  const client = new Client(clientInfo ?? { name: 'ink-mcp-testing', version: '0' }, {
    capabilities: clientCapabilities ?? {},
  });
  await client.connect(clientSide);
  const settled = () => served.server.hub.session(session)?.source.settled();
  await readyForInput(mounted, settled);
  let unmounted: Promise<void> | undefined;
  return {
    client,
    server: served.server,
    stdin: terminal.stdin,
    lastFrame: terminal.screen,
    async waitForSync() {
      await settled();
      served.server.hub.list();
    },
    unmount() {
      unmounted ??= served.stop().then(() => client.close());
      return unmounted;
    },
  };
}

/**
 * Ink attaches its stdin listener, and every `useInput` handler, in passive effects, and a widget
 * that takes focus on mount (`autoFocus`) starts listening only in the effects of the commit after.
 * So: wait for the first commit's passive effects (the probe is rendered after the app, and React runs its effect
 * runs after every effect of the app), then for React to settle, then for one more macrotask, in which
 * the passive effects React scheduled for the last commit run (Scheduler queues them with setImmediate
 * before this one).
 */
async function readyForInput(
  mounted: Promise<void>,
  settled: () => Promise<void> | undefined,
): Promise<void> {
  await mounted;
  await settled();
  await new Promise<void>((resolve) => setImmediate(resolve));
  await settled();
}

/** Renders nothing; its effect tells that React has run the passive effects of the first commit. */
function EffectsRan({ onRan }: { onRan: () => void }) {
  useEffect(() => onRan(), [onRan]);
  return null;
}
