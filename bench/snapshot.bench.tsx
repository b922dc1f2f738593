/**
 * P1: what the snapshot costs for a leaf update, relative to React's own render+commit of it.
 *
 *   NODE_ENV=production npx tsx bench/snapshot.bench.tsx [--quick]
 *
 * Two identical Ink apps of ~10,000 fibers with 1,000 tool components (2,000 tools); the second is
 * inside an <McpSession>. Ink's own layout and output steps are stubbed out on both roots: they are
 * Ink's work, not React's. Each sample updates the deep leaf of app A, then of app B (alternating),
 * each flushed synchronously: side A times React's render+commit; side B times the snapshot inside
 * the commit hook (plus the passive effects it runs, if any). Medians after warm-up.
 */
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Box, type DOMElement, render, Text } from 'ink';
import { Component, useState } from 'react';
// Ink's own reconciler instance, for flushSync (a relative path: the package exports only its index).
import reconciler from '../node_modules/ink/build/reconciler.js';
import { observeCommits } from '../src/react/commit-observer.js';
import type { Fiber } from '../src/react/fiber-types.js';
import { McpSession, useMcpTools } from '../src/react/index.js';
import type { Session } from '../src/session/session.js';

const quick = process.argv.includes('--quick');
const WARMUP = quick ? 20 : 2000;
const SAMPLES = quick ? 5 : 201;
const SECTIONS = 10;
const ROWS = 100;
const DEPTH = 12;
const SECTION_INDEXES = Array.from({ length: SECTIONS }, (_, index) => index);

type Setter = (update: (n: number) => number) => void;
interface Side {
  setLeaf: Setter;
  setToolLeaf: Setter;
  root: (DOMElement & Record<string, unknown>) | null;
  probe: Fiber | null;
}
interface Host {
  sessions: Session[];
  attach(session: Session): () => void;
}

/** Set by the stub in Ink's layout slot, which the session's commit hook calls first. */
const clock = { commitStart: 0 };

function Row({ id, label }: { id: string; label: string }) {
  useMcpTools(id, {
    select: { description: `Select ${label}`, run: () => label },
    remove: { description: `Remove ${label}`, run: () => label },
  });
  return (
    <Box>
      <Text>{label}</Text>
      <Text dimColor>· {id}</Text>
    </Box>
  );
}

/** The leaf: no tools, its own state. */
function Leaf({ side }: { side: Side }) {
  const [n, setN] = useState(0);
  side.setLeaf = setN;
  return <Text>leaf {n}</Text>;
}

/** A tool component whose own state changes its tools. */
function ToolLeaf({ side }: { side: Side }) {
  const [n, setN] = useState(0);
  side.setToolLeaf = setN;
  useMcpTools('tool-leaf', { [n % 2 ? 'odd' : 'even']: { run: () => n } });
  return <Text>tool leaf {n}</Text>;
}

function Nest({ depth, children }: { depth: number; children: React.ReactNode }) {
  return depth === 0 ? children : <Box>{<Nest depth={depth - 1}>{children}</Nest>}</Box>;
}

function Section({ index, side }: { index: number; side: Side }) {
  const ids = Array.from({ length: ROWS }, (_, row) => `r${index}_${row}`);
  return (
    <Box flexDirection="column">
      {ids.map((id) => (
        <Row key={id} id={id} label={`row ${id}`} />
      ))}
      {index === SECTIONS / 2 && (
        <Nest depth={DEPTH}>
          <Leaf side={side} />
          <ToolLeaf side={side} />
        </Nest>
      )}
    </Box>
  );
}

/** Gives the bench a fiber to count the tree from. */
class FiberProbe extends Component<{ side: Side }> {
  override componentDidMount() {
    this.props.side.probe = (this as unknown as { _reactInternals: Fiber })._reactInternals;
  }
  override render() {
    return null;
  }
}

function App({ side }: { side: Side }) {
  return (
    <Box flexDirection="column">
      <FiberProbe side={side} />
      {SECTION_INDEXES.map((index) => (
        <Section key={`s${index}`} index={index} side={side} />
      ))}
    </Box>
  );
}

function Gate({ side, open, host }: { side: Side; open: boolean; host?: Host }) {
  const keepRoot = (node: DOMElement | null) => {
    if (node) side.root = inkRoot(node) as Side['root'];
  };
  if (!open) return <Box ref={keepRoot} />;
  if (!host) return <App side={side} />;
  return (
    <McpSession id="bench" server={host}>
      <App side={side} />
    </McpSession>
  );
}

function inkRoot(node: DOMElement): DOMElement {
  let cursor = node;
  while (cursor.parentNode) cursor = cursor.parentNode;
  return cursor;
}

function mountSide(host?: Host): Side {
  const side: Side = { setLeaf: () => {}, setToolLeaf: () => {}, root: null, probe: null };
  const stdout = Object.assign(new EventEmitter(), { columns: 120, rows: 40, write: () => true });
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: false,
    setEncoding() {},
    resume() {},
    pause() {},
  });
  const options = { stdout, stderr: stdout, stdin, patchConsole: false, exitOnCtrlC: false } as never;
  const ink = render(<Gate side={side} open={false} host={host} />, options);
  // Stub Ink's steps before the session wraps the commit hook, so the session chains the stub.
  const root = side.root!;
  root.onRender = () => {};
  root.onImmediateRender = () => {};
  root.onComputeLayout = () => {
    clock.commitStart = performance.now();
  };
  ink.rerender(<Gate side={side} open host={host} />);
  return side;
}

function countTree(probe: Fiber): { fibers: number; tools: number } {
  let top = probe;
  while (top.return) top = top.return;
  let fibers = 0;
  let tools = 0;
  const stack: Fiber[] = [(top.stateNode as { current: Fiber }).current];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    fibers++;
    if (fiber.type === Row || fiber.type === ToolLeaf) tools++;
    for (let child = fiber.child; child; child = child.sibling) stack.push(child);
  }
  return { fibers, tools };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

function measure(a: Side, b: Side, pick: (side: Side) => Setter) {
  const react: number[] = [];
  const withSession: number[] = [];
  const inCommit: number[] = [];
  const effects: number[] = [];
  let snapshotEnd = 0;
  // Registered after the session's listener: called when the session's snapshot is done.
  const stop = observeCommits(b.root, () => {
    snapshotEnd = performance.now();
  });
  for (let i = 0, n = 0; i < WARMUP + SAMPLES; i++) {
    n++;
    let t = performance.now();
    reconciler.flushSyncFromReconciler(() => pick(a)(() => n));
    const tA = performance.now() - t;
    t = performance.now();
    reconciler.flushSyncFromReconciler(() => pick(b)(() => n));
    const tB = performance.now() - t;
    // Passive effects (a tool component pings the session from one) would run in a later task.
    t = performance.now();
    reconciler.flushPassiveEffects();
    const tEffects = performance.now() - t;
    if (i < WARMUP) continue;
    react.push(tA);
    withSession.push(tB);
    inCommit.push(snapshotEnd - clock.commitStart);
    effects.push(tEffects);
  }
  stop();
  const snapshot = median(inCommit.map((x, i) => x + effects[i]!));
  return { react: median(react), withSession: median(withSession), snapshot, inCommit: median(inCommit) };
}

const host: Host = {
  sessions: [],
  attach(session) {
    host.sessions.push(session);
    return () => {};
  },
};
const build = process.env.NODE_ENV === 'production' ? 'production' : 'development';
if (build !== 'production') console.error('warning: set NODE_ENV=production to measure the production build');
const a = mountSide();
const b = mountSide(host);
const session = host.sessions[0]!;
if (session.tree().length === 0) throw new Error('the session saw no tree');
const { fibers, tools } = countTree(b.probe!);
console.log(
  `React ${build}; ${fibers} fibers, ${tools} tool components; ${SAMPLES} samples after ${WARMUP} warm-up`,
);
const full: number[] = [];
for (let i = 0; i < (quick ? 3 : 30); i++) {
  const t = performance.now();
  session.snapshot();
  full.push(performance.now() - t);
}
console.log(`full re-read, snapshot(): ${us(median(full))}`);
const leaf = measure(a, b, (side) => side.setLeaf);
const tool = measure(a, b, (side) => side.setToolLeaf);
for (const [name, m] of [
  ['leaf update', leaf],
  ['tool-component update', tool],
] as const) {
  console.log(
    `${name}: React render+commit ${us(m.react)}; snapshot ${us(m.snapshot)} (in the commit ${us(m.inCommit)}); whole commit with session ${us(m.withSession)}`,
  );
}
console.log(`P1 ${(leaf.snapshot / leaf.react).toFixed(3)}`);
process.exit(0);
