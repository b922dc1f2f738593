/**
 * P2: a trivial tools/call through ink-mcp (name resolution, breaker, validation, dispatch, the wait
 * for the commit, sync, the answer) ÷ the same call on a bare SDK 2.x server of the same protocol era,
 * per transport: in-memory, stdio, HTTP. Both sides are called alternately, sample by sample, by the
 * same kind of SDK 2.x client.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/call-overhead.bench.ts [--quick] [--only memory|stdio|http] [--era 2025|2026]
 *
 * Two protocol eras per transport: `P2.<transport>` is a 2025-era client (`initialize`, protocol
 * 2025-11-25, a session over HTTP); `P2.<transport>.2026` is a client pinned to 2026-07-28
 * (`server/discover`, a `_meta` envelope on every request, no session). The bare side is the SDK's
 * own entry for that transport and era: `serveStdio` (over stdio, and over the in-memory pair with
 * `transport:`), and over HTTP a sessionful `WebStandardStreamableHTTPServerTransport` per session
 * (2025) or `createMcpHandler` (2026), both behind the same node:http ⇄ Fetch bridge as ink-mcp's.
 *
 * Two variants per transport and era:
 * - `P2.<transport>[.2026]` (the goal): ink-mcp serving a session over plain data
 *   (bench/fixtures/plain-app.ts) whose action changes a counter and commits a new tree, ÷ an SDK
 *   `McpServer` whose one tool answers a text. This isolates ink-mcp's own work per call.
 * - `P2.<transport>[.2026].app` (context): a real Ink app on both sides. ink-mcp: `Counter` inside an
 *   McpSession (renderHeadless / renderMcp), the call answering once React committed the state
 *   change, with the screen. Bare: the SDK driving the same Ink app, answering once React committed
 *   (a layout effect). Both sides pay React and Ink; the difference is ink-mcp's.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServer, Transport } from '@modelcontextprotocol/server';
import {
  createMcpHandler,
  InMemoryTransport,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { render } from 'ink';
import { createElement } from 'react';
import { renderMcp } from '../src/render/render-mcp.js';
import { createMcpServer } from '../src/server/create-mcp-server.js';
import { sendResponse, webRequest } from '../src/server/web-bridge.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import {
  BARE_TOOL,
  BareCounter,
  bareAppServer,
  bareServer,
  Counter,
  INK_TOOL,
  newControl,
  SESSION,
  silentLogger,
} from './fixtures/apps.js';
import { memoryInk } from './fixtures/ink-options.js';
import { plainCounter } from './fixtures/plain-app.js';
import {
  alternate,
  childNodeArgs,
  figure,
  note,
  quick,
  type SamplerOptions,
  us,
  warnIfDevelopment,
} from './stats.js';

warnIfDevelopment();

type Variant = 'plain' | 'app';
/** The protocol era of both clients: 2025 (`initialize`, 2025-11-25) or 2026 (pinned to 2026-07-28). */
type Era = '2025' | '2026';
type Call = () => Promise<void>;
interface Pair {
  bare: Call;
  ink: Call;
  close(): Promise<void>;
}

const plan = (batch: number, warmup: number, samples: number): SamplerOptions =>
  quick
    ? { warmup: 1, samples: 3, batch: 2 }
    : {
        warmup: Number(process.env.WARMUP ?? warmup),
        samples: Number(process.env.SAMPLES ?? samples),
        batch,
      };

/** An SDK 2.x client of the era: a 2026 one sends `server/discover` and the per-request envelope. */
const clientOf = (name: string, era: Era) =>
  new Client(
    { name: `bench-${name}`, version: '1.0.0' },
    era === '2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );

/** A call, checked: a wrong answer must fail the bench, not make it fast. */
function caller(client: Client, name: string): Call {
  return async () => {
    const result = await client.callTool({ name, arguments: {} });
    const first = (result.content as { type: string; text?: string }[])[0];
    if (result.isError || first?.text !== 'ok') throw new Error(`${name} answered ${JSON.stringify(result)}`);
  };
}

/** Both clients in the era they were asked for (a client that fell back would measure the wrong thing). */
function checkEra(era: Era, ...clients: Client[]): void {
  const want = era === '2026' ? 'modern' : 'legacy';
  for (const client of clients)
    if (client.getProtocolEra() !== want)
      throw new Error(`a client negotiated the ${client.getProtocolEra()} era`);
}

async function connected(
  name: string,
  era: Era,
  connect: (transport: Transport) => Promise<void> | void,
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connect(serverSide);
  const client = clientOf(name, era);
  await client.connect(clientSide);
  return client;
}

// ---------------------------------------------------------------------------------------- in-memory

async function memory(variant: Variant, era: Era): Promise<Pair> {
  let newBare: () => McpServer = bareServer;
  let unmountBare = () => {};
  if (variant === 'app') {
    const control = newControl();
    const instance = render(createElement(BareCounter, { control }), memoryInk(true).options);
    unmountBare = () => instance.unmount();
    newBare = () => bareAppServer(control);
  }
  // The SDK's entry for a transport of one connection, both eras (ink-mcp's `connect` uses it too).
  let closeBare = async () => {};
  const bareClient = await connected('bare', era, (transport) => {
    const handle = serveStdio(newBare, { transport });
    closeBare = () => handle.close();
  });
  let inkClient: Client;
  let closeInk: () => Promise<void>;
  if (variant === 'app') {
    const app = await renderHeadless(createElement(Counter), {
      ...WIDGETS,
      session: SESSION,
      logger: silentLogger,
    });
    await app.waitForSync();
    // renderHeadless's own client is of the 2025 era; a client of either era connects the same way.
    inkClient = await connected('ink', era, (t) => app.server.connect(t));
    closeInk = async () => {
      await inkClient.close();
      await app.unmount();
    };
  } else {
    const server = createMcpServer({ ...WIDGETS, logger: silentLogger });
    server.attach(plainCounter(SESSION).session);
    inkClient = await connected('ink', era, (t) => server.connect(t));
    closeInk = async () => {
      await inkClient.close();
      await server.close();
    };
  }
  checkEra(era, bareClient, inkClient);
  return {
    bare: caller(bareClient, BARE_TOOL),
    ink: caller(inkClient, INK_TOOL),
    async close() {
      await bareClient.close();
      await closeBare();
      unmountBare();
      await closeInk();
    },
  };
}

// ---------------------------------------------------------------------------------------- stdio

async function stdio(variant: Variant, era: Era): Promise<Pair> {
  const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
  const connect = async (name: string, script: string) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      // CHILD_NODE_ARGS: extra node options for the servers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
      args: [
        ...(process.env.CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        ...childNodeArgs(fixture(script)),
        ...(variant === 'app' ? ['--app'] : []),
      ],
      env: { ...(process.env as Record<string, string>), NODE_ENV: 'production' },
      stderr: 'inherit',
    });
    const client = clientOf(name, era);
    await client.connect(transport);
    return client;
  };
  const [bareClient, inkClient] = await Promise.all([
    connect('bare', 'bare-stdio.ts'),
    connect('ink', 'ink-stdio.tsx'),
  ]);
  checkEra(era, bareClient, inkClient);
  return {
    bare: caller(bareClient, BARE_TOOL),
    ink: caller(inkClient, INK_TOOL),
    async close() {
      await Promise.all([bareClient.close(), inkClient.close()]);
    },
  };
}

// ---------------------------------------------------------------------------------------- HTTP

/**
 * The bare SDK over HTTP, both eras at one URL, as the SDK's "Support legacy clients" page routes
 * them: a 2026-07-28 request (no session header, a `_meta` envelope) goes to `createMcpHandler`, the
 * SDK's HTTP entry; 2025-era traffic to one `WebStandardStreamableHTTPServerTransport` (and server)
 * per session, routed by `mcp-session-id` (ink-mcp keeps 2025 sessions too: notifications, GET
 * streams). No event store: the bare side offers no resumability.
 */
async function bareHttp(newServer: () => McpServer): Promise<{ url: string; close(): Promise<void> }> {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const servers: McpServer[] = [];
  const modern = createMcpHandler(newServer);
  const legacy = async (req: IncomingMessage, res: ServerResponse, request: Request, body: unknown) => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        res.writeHead(400).end();
        return;
      }
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid: string) => void transports.set(sid, created),
      });
      transport = created;
      const server = newServer();
      servers.push(server);
      await server.connect(created);
    }
    await sendResponse(await transport.handleRequest(request, { parsedBody: body }), res);
  };
  const http = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? JSON.parse(await readBody(req)) : undefined;
      // The same node:http ⇄ Fetch bridge ink-mcp uses, so the ratio measures ink-mcp's own work.
      const request = webRequest(req, res);
      // The SDK's own classifier, as its legacy-clients page routes (a session's requests are 2025's).
      if (req.headers['mcp-session-id'] === undefined && !(await isLegacyRequest(request, body)))
        await sendResponse(await modern.fetch(request, { parsedBody: body }), res);
      else await legacy(req, res, request, body);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await modern.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function http(variant: Variant, era: Era): Promise<Pair> {
  let unmountBare = () => {};
  let newBare = bareServer;
  if (variant === 'app') {
    // Attached mode on both sides: Ink renders to "the person's terminal" (in memory), throttled.
    const control = newControl();
    const instance = render(createElement(BareCounter, { control }), memoryInk(false).options);
    unmountBare = () => instance.unmount();
    newBare = () => bareAppServer(control);
  }
  const bare = await bareHttp(newBare);
  let endpoint: { url: string; token: string };
  let closeInk: () => Promise<void>;
  if (variant === 'app') {
    const { options } = memoryInk(false);
    const app = await renderMcp(createElement(Counter), {
      ...WIDGETS,
      session: SESSION,
      transport: 'http',
      logger: silentLogger,
      connectionDir: false,
      // Ink 8 types these as any streams; renderMcp's are a terminal's (the memory terminal's here).
      stdout: options.stdout as NodeJS.WriteStream,
      stderr: options.stderr as NodeJS.WriteStream,
      stdin: options.stdin as NodeJS.ReadStream,
    });
    endpoint = app.endpoint!;
    closeInk = () => app.unmount();
  } else {
    const server = createMcpServer({ ...WIDGETS, logger: silentLogger });
    server.attach(plainCounter(SESSION).session);
    endpoint = await server.listen();
    closeInk = () => server.close();
  }
  // Both clients send the token: the requests are the same size on both sides.
  const headers = { Authorization: `Bearer ${endpoint.token}` };
  const connect = async (name: string, url: string) => {
    const client = clientOf(name, era);
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
    return client;
  };
  const bareClient = await connect('bare', bare.url);
  const inkClient = await connect('ink', endpoint.url);
  checkEra(era, bareClient, inkClient);
  return {
    bare: caller(bareClient, BARE_TOOL),
    ink: caller(inkClient, INK_TOOL),
    async close() {
      await Promise.all([bareClient.close(), inkClient.close()]);
      await Promise.all([bare.close(), closeInk()]);
      unmountBare();
    },
  };
}

// ---------------------------------------------------------------------------------------- run

// Pairs enough for the median to move little from run to run on a shared machine (each cell takes
// a few seconds), after a warm-up long enough for both sides' code to be optimized under load.
const transports = {
  memory: { setup: memory, plan: plan(100, 60, 200) },
  stdio: { setup: stdio, plan: plan(20, 30, 200) },
  http: { setup: http, plan: plan(10, 20, 100) },
};

// `--only <transport>` measures one transport, `--era 2025|2026` one era (for profiling).
const arg = (flag: string) =>
  process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined;
const only = arg('--only');
const onlyEra = arg('--era');
const goals: number[] = [];
for (const [name, transport] of Object.entries(transports)) {
  if (only && only !== name) continue;
  for (const era of ['2025', '2026'] as const) {
    if (onlyEra && onlyEra !== era) continue;
    for (const variant of ['plain', 'app'] as const) {
      const pair = await transport.setup(variant, era);
      let result: Awaited<ReturnType<typeof alternate>>;
      try {
        result = await alternate(pair.bare, pair.ink, transport.plan);
      } finally {
        await pair.close();
      }
      // The 2025 era keeps the names P2 had before 2026 clients were measured (results.md's history).
      const key = `P2.${name}${era === '2026' ? '.2026' : ''}${variant === 'app' ? '.app' : ''}`;
      note(
        `${key}: bare SDK ${us(result.a.median)}/call, ink-mcp ${us(result.b.median)}/call ` +
          `(+${us(result.b.median - result.a.median)}); ratio of medians ${result.ratio.toFixed(3)}`,
      );
      if (process.env.DIST) {
        const q = (xs: number[]) =>
          [...xs]
            .sort((x, y) => x - y)
            .map((x) => (x * 1000).toFixed(0))
            .join(' ');
        note(`bare: ${q(result.a.samples)}`);
        note(`ink:  ${q(result.b.samples)}`);
      }
      // The figure: the median of per-pair ratios (the two halves of a pair run milliseconds apart, so a
      // change in the machine's load between pairs cancels out).
      figure(key, result.pairedRatio);
      if (variant === 'plain') goals.push(result.pairedRatio);
    }
  }
}
if (!only && !onlyEra) figure('P2', Math.max(...goals));
process.exit(0);
