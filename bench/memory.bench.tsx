import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Box, Text } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { useMcpTools } from '../src/react/index.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { BARE_TOOL, bareServer, Counter, INK_TOOL, SESSION, silentLogger } from './fixtures/apps.js';
import { figure, MB, note, quick, settledHeap, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

const CALLS = quick ? 300 : 10_000;
const CYCLES = quick ? 200 : 10_000;
const WARMUP = quick ? 100 : 1000;

const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

async function growth(
  label: string,
  warmup: () => Promise<void>,
  work: () => Promise<void>,
): Promise<number> {
  await warmup();
  const before = await settledHeap();
  const t0 = performance.now();
  await work();
  const took = performance.now() - t0;
  const after = await settledHeap();
  note(`${label}: heap ${mb(before)} → ${mb(after)} (${(took / 1000).toFixed(1)} s)`);
  return (after - before) / MB;
}

async function calls(client: Client, name: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const result = await client.callTool({ name, arguments: {} });
    if (result.isError) throw new Error(`${name} answered ${JSON.stringify(result)}`);
  }
}

// M1 ------------------------------------------------------------------------------------------
{
  const app = await renderHeadless(<Counter />, { ...WIDGETS, session: SESSION, logger: silentLogger });
  await app.waitForSync();
  const m1 = await growth(
    `M1: ${CALLS} calls through ink-mcp`,
    () => calls(app.client, INK_TOOL, WARMUP),
    () => calls(app.client, INK_TOOL, CALLS),
  );
  await app.unmount();

  const bare = bareServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await bare.connect(serverSide);
  const client = new Client({ name: 'bench-bare', version: '1.0.0' });
  await client.connect(clientSide);
  const base = await growth(
    `   (bare SDK, same number of calls, for comparison)`,
    () => calls(client, BARE_TOOL, WARMUP),
    () => calls(client, BARE_TOOL, CALLS),
  );
  await client.close();
  note(`M1 bare SDK growth ${base.toFixed(2)} MB`);
  figure('M1', m1, 2);
}

// M2 ------------------------------------------------------------------------------------------
{
  const toggle = { set: (_on: boolean) => {}, committed: undefined as (() => void) | undefined };

  function Tool() {
    const [count, setCount] = useState(0);
    useMcpTools('tool', {
      bump: {
        description: 'Bump the count',
        inputSchema: { type: 'object', properties: { by: { type: 'integer', minimum: 1 } } },
        run: (args) => setCount((c) => c + ((args.by as number | undefined) ?? 1)),
      },
      read: { description: 'Read the count', run: () => count },
    });
    return <Text>tool {count}</Text>;
  }

  function Toggle() {
    const [on, setOn] = useState(false);
    toggle.set = setOn;
    // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new value is committed, which is the point.
    useLayoutEffect(() => {
      toggle.committed?.();
      toggle.committed = undefined;
    }, [on]);
    return (
      <Box flexDirection="column">
        <Text>{on ? 'mounted' : 'unmounted'}</Text>
        {on && <Tool />}
      </Box>
    );
  }

  const app = await renderHeadless(<Toggle />, {
    ...WIDGETS,
    session: SESSION,
    logger: silentLogger,
    builtinTools: false,
  });
  await app.waitForSync();
  let notices = 0;
  app.client.setNotificationHandler('notifications/tools/list_changed', () => {
    notices++;
  });
  const flip = (on: boolean) =>
    new Promise<void>((resolve) => {
      toggle.committed = resolve;
      toggle.set(on);
    });
  const cycles = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await flip(true);
      await flip(false);
    }
    // Let the coalesced notifications and the session's syncing settle before the heap is read.
    await app.waitForSync();
    await new Promise((resolve) => setTimeout(resolve, 150));
  };
  const m2 = await growth(
    `M2: ${CYCLES} mount/unmount cycles of a tool component`,
    () => cycles(WARMUP),
    () => cycles(CYCLES),
  );
  const listed = (await app.client.listTools()).tools.length;
  if (listed !== 0) throw new Error(`${listed} tools listed after the last unmount`);
  note(`M2: ${notices} list_changed notifications received during the cycles`);
  await app.unmount();
  figure('M2', m2, 2);
}
process.exit(0);
