import { Client } from '@modelcontextprotocol/client';
import type { Tool, Transport } from '@modelcontextprotocol/server';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { Box, render, Text } from 'ink';
import { McpSession, useMcpTools } from '../src/react/index.js';
import { createMcpServer, type McpServerHandle } from '../src/server/create-mcp-server.js';
import { Session } from '../src/session/session.js';
import type { ToolProvider, ViewNode } from '../src/walker/types.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { silentLogger } from './fixtures/apps.js';
import { memoryInk } from './fixtures/ink-options.js';
import { PlainSource } from './fixtures/plain-app.js';
import { alternate, figure, note, quick, type SamplerOptions, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

// Quick mode only proves the bench runs: a smaller app.
const SESSIONS = quick ? 10 : 100;
const ROWS = quick ? 10 : 50; // × 2 actions = 100 tools per session
const TOOLS = SESSIONS * ROWS * 2;
const PLAN: SamplerOptions = quick
  ? { warmup: 1, samples: 3, batch: 1 }
  : { warmup: 5, samples: Number(process.env.SAMPLES ?? 31), batch: 1 };

const ms = (x: number) => `${x.toFixed(1)} ms`;

function Row({ id, label }: { id: string; label: string }) {
  useMcpTools(id, {
    select: { description: `Select ${label}`, run: () => label },
    rename: {
      description: `Rename ${label}`,
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1, description: 'The new name' } },
        required: ['name'],
      },
      run: (args) => args.name,
    },
  });
  return <Text>{label}</Text>;
}

const SESSION_IDS = Array.from({ length: SESSIONS }, (_, s) => `s${s}`);
const ROW_IDS = Array.from({ length: ROWS }, (_, r) => `row${r}`);

function App({ server }: { server: McpServerHandle }) {
  return (
    <Box flexDirection="column">
      {SESSION_IDS.map((session) => (
        <McpSession key={session} id={session} server={server} builtinTools={false}>
          <Box flexDirection="column">
            {ROW_IDS.map((row) => (
              <Row key={row} id={row} label={`${session} ${row}`} />
            ))}
          </Box>
        </McpSession>
      ))}
    </Box>
  );
}

/** The same tools over plain data: 100 sessions of 50 widgets with the same two actions. */
function plainSessions(server: McpServerHandle): void {
  const provider: ToolProvider = {
    mcpTools: (attrs) => [
      { name: 'select', description: `Select ${attrs.label}`, run: () => attrs.label },
      {
        name: 'rename',
        description: `Rename ${attrs.label}`,
        inputSchema: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1, description: 'The new name' } },
          required: ['name'],
        },
        run: (args) => args.name,
      },
    ],
  };
  for (let s = 0; s < SESSIONS; s++) {
    const rows: ViewNode[] = Array.from({ length: ROWS }, (_, r) => ({
      type: 'row',
      id: `row${r}`,
      attrs: { label: `row ${s}.${r}` },
      children: [],
      provider,
    }));
    server.attach(
      new Session({ id: `s${s}`, source: new PlainSource([{ type: 'box', attrs: {}, children: rows }]) }),
    );
  }
}

async function clientOf(name: string, connect: (transport: Transport) => Promise<void>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connect(serverSide);
  const client = new Client({ name: `bench-${name}`, version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** A bare low-level server answering exactly `tools`. */
async function bareClient(tools: Tool[]): Promise<Client> {
  const server = new Server(
    { name: 'bare', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools }));
  return clientOf('bare', (t) => server.connect(t));
}

async function listed(client: Client): Promise<Tool[]> {
  const { tools } = await client.listTools();
  if (tools.length !== TOOLS) throw new Error(`listed ${tools.length} tools, expected ${TOOLS}`);
  return tools;
}

async function measure(key: string, inkClient: Client): Promise<number> {
  // The bare server lists what ink-mcp lists, byte for byte.
  const tools = await listed(inkClient);
  const bare = await bareClient(tools);
  try {
    const result = await alternate(
      () => listed(bare),
      () => listed(inkClient),
      PLAN,
    );
    note(
      `${key}: bare SDK ${ms(result.a.median)}/list, ink-mcp ${ms(result.b.median)}/list; ` +
        `ratio of medians ${result.ratio.toFixed(3)}`,
    );
    figure(key, result.pairedRatio);
    return result.pairedRatio;
  } finally {
    await bare.close();
  }
}

/** Where a listing's time goes on the ink-mcp side, without the protocol. */
function serverSide(server: McpServerHandle): void {
  const t0 = performance.now();
  const n = quick ? 2 : 10;
  for (let i = 0; i < n; i++) server.hub.list();
  note(`hub.list() (re-read + derive + register, no protocol): ${ms((performance.now() - t0) / n)}`);
}

// A real Ink app.
{
  const server = createMcpServer({ ...WIDGETS, logger: silentLogger });
  const t0 = performance.now();
  const instance = render(<App server={server} />, memoryInk(false).options);
  note(`Ink app with ${SESSIONS} sessions × ${ROWS} rows mounted in ${ms(performance.now() - t0)}`);
  const client = await clientOf('ink', (t) => server.connect(t));
  try {
    await measure('P3', client);
    serverSide(server);
  } finally {
    await client.close();
    instance.unmount();
    await server.close();
  }
}
// Plain data.
{
  const server = createMcpServer({ ...WIDGETS, logger: silentLogger });
  plainSessions(server);
  const client = await clientOf('ink', (t) => server.connect(t));
  try {
    await measure('P3.plain', client);
    serverSide(server);
  } finally {
    await client.close();
    await server.close();
  }
}
process.exit(0);
