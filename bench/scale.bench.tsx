/**
 * P7: a `tools/call` whose handler changes nothing, in an app of 10,001 tools ÷ the same call in an
 * app of 100 tools. A call re-reads only what can have changed, so its cost must not grow with the
 * app (goal ≤ 1.2).
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/scale.bench.tsx [--quick]
 *
 * Two real headless Ink apps (`renderHeadless`: React, Ink's frames into a memory terminal, an SDK
 * client in memory): one with 50 rows × 2 actions, one with 5,000 rows × 2 actions (~50k fibers),
 * each plus a `probe.noop` tool whose handler returns a text and changes no state; the rows sit in a
 * box one line high, so both screens (which every answer carries) are the same size. Both are called
 * alternately; every answer is checked. `P7.list` (context): tools/list of the big app, once warm.
 */
import { Box, Text } from 'ink';
import { createElement } from 'react';
import { useMcpTools } from '../src/react/index.js';
import { type HeadlessApp, renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { silentLogger } from './fixtures/apps.js';
import { alternate, figure, msText, note, quick, us, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

function Row({ id }: { id: string }) {
  useMcpTools(id, {
    select: { description: `Select ${id}`, run: () => id },
    remove: { description: `Remove ${id}`, run: () => id },
  });
  return (
    <Box>
      <Text>{id}</Text>
    </Box>
  );
}

function Probe() {
  useMcpTools('probe', { noop: { description: 'Answers and changes nothing', run: () => 'same' } });
  return <Text>probe</Text>;
}

function App({ rows }: { rows: number }) {
  return (
    <Box flexDirection="column">
      <Probe />
      {/* One line shows, whatever the rows: both answers carry the same screen (a call answers with it). */}
      <Box flexDirection="column" height={1} overflow="hidden">
        {Array.from({ length: rows }, (_, i) => `r${i}`).map((id) => (
          <Row key={id} id={id} />
        ))}
      </Box>
    </Box>
  );
}

async function app(rows: number): Promise<HeadlessApp> {
  return renderHeadless(createElement(App, { rows }), { ...WIDGETS, session: 'app', logger: silentLogger });
}

const small = await app(50);
const big = await app(quick ? 500 : 5000);
const { tools } = await big.client.listTools();
note(`${(await small.client.listTools()).tools.length} tools ÷ ${tools.length} tools`);
const names = tools.map((t) => t.name);
const noop = names.find((n) => /probe.noop$/.test(n))!;
if (!noop) throw new Error('the probe tool is not listed');

const call = (headless: HeadlessApp) => async () => {
  const result = await headless.client.callTool({ name: noop, arguments: {} });
  const first = (result.content as { type: string; text: string }[])[0];
  if (result.isError || first?.text !== 'same')
    throw new Error(`unexpected answer: ${JSON.stringify(result)}`);
};
const result = await alternate(
  call(small),
  call(big),
  quick ? { warmup: 2, samples: 3, batch: 2 } : { warmup: 10, samples: 31, batch: 20 },
);
note(`no-op call: ${us(result.a.median)} at 100 tools, ${us(result.b.median)} at 10,001 tools`);
figure('P7.scale', result.pairedRatio);
const listings: number[] = [];
for (let i = 0; i < (quick ? 2 : 10); i++) {
  const t = performance.now();
  await big.client.listTools();
  listings.push(performance.now() - t);
}
listings.sort((x, y) => x - y);
note(`tools/list of the big app: ${msText(listings[listings.length >> 1]!)} (median of ${listings.length})`);
await small.unmount();
await big.unmount();
process.exit(0);
