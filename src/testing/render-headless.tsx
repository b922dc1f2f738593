import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { render } from 'ink';
import { type ReactElement, useEffect } from 'react';
import { McpSession } from '../react/McpSession.js';
import { createMemoryTerminal, type MemoryStdin } from '../react/memory-terminal.js';
import type { McpTypeMap } from '../react/type-map.js';
import { createMcpServer, type McpServerHandle, type McpServerOptions } from '../server/create-mcp-server.js';
import type { Session } from '../session/session.js';

export interface RenderHeadlessOptions extends McpServerOptions {
  /** The session id (first segment of every tool name). @default 'app' */
  session?: string;
  typeMap?: McpTypeMap;
  /** Offer the built-in keyboard, screen and focus tools (`<McpSession builtinTools>`). @default true */
  builtinTools?: boolean;
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
    session: id = 'app',
    typeMap,
    builtinTools,
    columns,
    rows,
    clientInfo,
    clientCapabilities,
    ...serverOptions
  } = options;
  const terminal = createMemoryTerminal(columns, rows);
  const server = createMcpServer(serverOptions);
  let session: Session | undefined;
  const host = {
    attach(s: Session) {
      session = s;
      return server.attach(s);
    },
  };
  let effectsRan: () => void = () => {};
  const mounted = new Promise<void>((resolve) => {
    effectsRan = resolve;
  });
  const instance = render(
    <>
      <McpSession
        id={id}
        server={host}
        screen={{ source: terminal.screen, size: () => terminal.stdout }}
        {...(typeMap ? { typeMap } : {})}
        {...(builtinTools === undefined ? {} : { builtinTools })}
        {...(serverOptions.logger ? { logger: serverOptions.logger } : {})}
      >
        {element}
      </McpSession>
      <EffectsRan onRan={effectsRan} />
    </>,
    terminal.inkOptions(),
  );
  const client = new Client(clientInfo ?? { name: 'ink-mcp-testing', version: '0' }, {
    capabilities: clientCapabilities ?? {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  await readyForInput(mounted, () => session);

  let unmounted: Promise<void> | undefined;
  return {
    client,
    server,
    stdin: terminal.stdin,
    lastFrame: terminal.screen,
    async waitForSync() {
      await session?.source.settled();
      server.hub.list();
    },
    unmount() {
      unmounted ??= (async () => {
        instance.unmount();
        await client.close();
        await server.close();
      })();
      return unmounted;
    },
  };
}

/**
 * Ink attaches its stdin listener, and every `useInput` handler, in passive effects, and a widget
 * that takes focus on mount (`autoFocus`) starts listening only in the effects of the commit after.
 * So: wait for the first commit's passive effects (the probe is the last sibling, whose effect React
 * runs after every effect of the app), then for React to settle, then for one more macrotask, in which
 * the passive effects React scheduled for the last commit run (Scheduler queues them with setImmediate
 * before this one).
 */
async function readyForInput(mounted: Promise<void>, session: () => Session | undefined): Promise<void> {
  await mounted;
  await session()?.source.settled();
  await new Promise<void>((resolve) => setImmediate(resolve));
  await session()?.source.settled();
}

/** Renders nothing; its effect tells that React has run the passive effects of the first commit. */
function EffectsRan({ onRan }: { onRan: () => void }) {
  useEffect(() => onRan(), [onRan]);
  return null;
}
