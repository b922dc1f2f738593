/**
 * P1.frame: Ink's whole frame for the update P1 measures — a leaf update in a tree of ~10,000 fibers
 * with 1,000 tool components — with an McpSession around the app (attached to a Hub) ÷ without
 * one (goal ≤ 1.02).
 * A frame is React's render and commit, Yoga's layout, and Ink's output (debug mode: every commit
 * writes its frame at once, unthrottled, to an in-memory terminal). The two apps are updated
 * alternately; medians after warm-up.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/frame.bench.tsx [--quick]
 */
import { Box, render, Text } from 'ink';
import { useState } from 'react';
// Ink's own reconciler instance, for a synchronous commit (the package exports only its index).
import reconciler from '../node_modules/ink/build/reconciler.js';
import { McpSession, useMcpTools } from '../src/react/index.js';
import { Hub } from '../src/session/hub.js';
import { memoryInk } from './fixtures/ink-options.js';
import { alternate, figure, msText, note, quick, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

// Quick mode only proves the bench runs: a smaller tree.
const SECTIONS = quick ? 2 : 10;
const ROWS = 100;
const DEEP = 12;

type Setter = (update: (n: number) => number) => void;
interface Side {
  setLeaf: Setter;
}

function Row({ id, label }: { id: string; label: string }) {
  useMcpTools(id, {
    select: { description: `Select ${label}`, run: () => label },
    remove: { description: `Remove ${label}`, run: () => label },
  });
  return (
    <Box>
      <Text>{label}</Text>
      <Text dimColor>·</Text>
    </Box>
  );
}

function Leaf({ side }: { side: Side }) {
  const [n, setN] = useState(0);
  side.setLeaf = setN;
  // Modulo: Ink caches the measurement of every distinct text (unbounded); keep that out of the timing.
  return <Text>leaf {n % 100}</Text>;
}

function Nest({ depth, children }: { depth: number; children: React.ReactNode }) {
  return depth === 0 ? children : <Box>{<Nest depth={depth - 1}>{children}</Nest>}</Box>;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const SECTION_IDS = range(SECTIONS).map((index) => ({
  index,
  rows: range(ROWS).map((row) => `r${index}_${row}`),
}));

function App({ side }: { side: Side }) {
  return (
    <Box flexDirection="column">
      {SECTION_IDS.map(({ index, rows }) => (
        <Box key={`s${index}`} flexDirection="column">
          {rows.map((id) => (
            <Row key={id} id={id} label={`row ${id}`} />
          ))}
          {index === SECTIONS / 2 && (
            <Nest depth={DEEP}>
              <Leaf side={side} />
            </Nest>
          )}
        </Box>
      ))}
    </Box>
  );
}

const host = new Hub({ logger: { warn: (line) => process.stderr.write(`${line}\n`) } });
const plain: Side = { setLeaf: () => {} };
const withSession: Side = { setLeaf: () => {} };
render(<App side={plain} />, memoryInk(true).options);
render(
  <McpSession id="bench" server={host}>
    <App side={withSession} />
  </McpSession>,
  memoryInk(true).options,
);
if (host.registry.list().length === 0) throw new Error('the session registered no tools');

let n = 0;
const update = (side: Side) => () => {
  n++;
  reconciler.flushSyncFromReconciler(() => side.setLeaf(() => n));
  reconciler.flushPassiveEffects?.();
};
const result = await alternate(
  update(plain),
  update(withSession),
  quick ? { warmup: 2, samples: 3, batch: 1 } : { warmup: 10, samples: 21, batch: 1 },
);
note(
  `Ink frame for a leaf update (React + Yoga + output, debug mode): ${msText(result.a.median)} without a session, ` +
    `${msText(result.b.median)} with one`,
);
figure('P1.frame', result.pairedRatio);
process.exit(0);
