/**
 * S1 (context, no target): bytes per answer for a 1,000-item list. Every answer carries the screen,
 * bounded to the terminal (headless: 100 columns × 30 rows), so an answer's size follows the
 * terminal, not the list.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/screen-bytes.bench.tsx [--quick]
 *
 * A real headless Ink app (`renderHeadless`, an SDK client in memory): a list of 1,000 items of the
 * todo example's kind, one per line, and a `list.toggle` tool that marks the next one done. `S1` is
 * the median size of a call's result content (JSON, as it crosses a transport) over the calls;
 * `S1.full` (context) is the size of the whole rendered frame, what an unbounded answer carried.
 * Every answer is checked: the toggled item is on its screen, with the note line.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useMcpTools } from '../src/react/index.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { silentLogger } from './fixtures/apps.js';
import { figure, median, note, quick, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

const ITEMS = 1_000;
const CALLS = quick ? 5 : 100;

const LABELS = Array.from(
  { length: ITEMS },
  (_, i) => `item ${i + 1}: buy milk, call the bank, water the plants`,
);

function List() {
  const [done, setDone] = useState(0);
  useMcpTools('list', {
    toggle: {
      description: 'Mark the next item done',
      run: () => {
        setDone((d) => d + 1);
        return { done: done + 1 };
      },
    },
  });
  return (
    <Box flexDirection="column">
      {LABELS.map((label, i) => (
        <Text key={label}>{`${i < done ? '[x]' : '[ ]'} ${label}`}</Text>
      ))}
      <Text>{`${done} of ${ITEMS} done`}</Text>
    </Box>
  );
}

const app = await renderHeadless(<List />, { ...WIDGETS, columns: 100, rows: 30, logger: silentLogger });
const sizes: number[] = [];
try {
  for (let i = 0; i < CALLS; i++) {
    const result = (await app.client.callTool({ name: 'app.list.toggle', arguments: {} })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    if (!text.includes(`${i + 1} of ${ITEMS} done`) || !text.includes('above cut'))
      throw new Error(`answer ${i + 1} does not show its own commit and the note:\n${text}`);
    sizes.push(Buffer.byteLength(JSON.stringify(result.content)));
  }
  figure('S1', median(sizes), 0);
  figure('S1.full', Buffer.byteLength(app.lastFrame()), 0);
  note(
    `${CALLS} calls; a ${ITEMS}-item list (${ITEMS + 1} lines) in a 100 × 30 terminal; bytes of the result content as JSON`,
  );
} finally {
  await app.unmount();
}
