/**
 * P1: what ink-mcp adds to a commit — the snapshot, then derive + sync into a real Hub — relative to
 * React's own render+commit of the same update, for the two updates users make:
 *
 * - `P1.leaf`: a leaf that no tool component sees changes (a counter deep in the tree);
 * - `P1.tool`: a tool component re-renders and its tools change (the todo list after `add_item`).
 *
 * at 10k fibers (1,000 tool components, 2,001 tools) and 50k fibers (`.50k`: 5,000 tool components,
 * 10,001 tools registered).
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/snapshot.bench.tsx [--quick]
 *
 * Two identical Ink apps per size; the second is inside an <McpSession> attached to a `Hub` (the
 * registry every connection lists). Ink's own layout and output steps are stubbed out on both roots:
 * they are Ink's work, not React's (`frame.bench.tsx` times the whole frame). Each sample updates
 * app A, then app B (alternating), each flushed synchronously: side A times React's render+commit;
 * side B times the snapshot inside the commit hook and then the publish microtask, in which the hub
 * derives the session's tools and brings the registry up to date. Medians after warm-up.
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
import { Hub } from '../src/session/hub.js';
import type { SessionHost } from '../src/session/session-host.js';
import { figure, median, note, quick, us, warnIfDevelopment } from './stats.js';

warnIfDevelopment();
/**
 * Commits per update before the samples. ink-mcp's per-commit code runs once a commit (React's runs
 * once a fiber), so V8 optimizes it only after about a thousand commits: with `--trace-opt`, the
 * derivation's `update` and the registry's `applySessionChange` reach TurboFan at the end of a
 * 1,000-commit warm-up, during the samples. The figures are taken after 5,000 (a few seconds of a
 * busy app); the same figures after 1,000 (the warm-up of earlier rounds) are printed as `.early`.
 */
const WARMUP = quick ? 10 : Number(process.env.WARMUP ?? 5000);
const EARLY = quick ? 5 : Math.min(1000, WARMUP);
const SAMPLES = quick ? 5 : Number(process.env.SAMPLES ?? 201);
const ROWS = 100;
const DEPTH = 12;

type Setter = (update: (n: number) => number) => void;
interface Side {
  setLeaf: Setter;
  setToolLeaf: Setter;
  root: (DOMElement & Record<string, unknown>) | null;
  probe: Fiber | null;
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

/** A tool component whose own state changes its tools (one action, renamed on every update). */
function ToolLeaf({ side }: { side: Side }) {
  const [n, setN] = useState(0);
  side.setToolLeaf = setN;
  useMcpTools('tool-leaf', { [n % 2 ? 'odd' : 'even']: { run: () => n } });
  return <Text>tool leaf {n}</Text>;
}

function Nest({ depth, children }: { depth: number; children: React.ReactNode }) {
  return depth === 0 ? children : <Box>{<Nest depth={depth - 1}>{children}</Nest>}</Box>;
}

function Section({ index, sections, side }: { index: number; sections: number; side: Side }) {
  const ids = Array.from({ length: ROWS }, (_, row) => `r${index}_${row}`);
  return (
    <Box flexDirection="column">
      {ids.map((id) => (
        <Row key={id} id={id} label={`row ${id}`} />
      ))}
      {index === Math.floor(sections / 2) && (
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

function App({ side, sections }: { side: Side; sections: number }) {
  return (
    <Box flexDirection="column">
      <FiberProbe side={side} />
      {Array.from({ length: sections }, (_, index) => index).map((index) => (
        <Section key={`s${index}`} index={index} sections={sections} side={side} />
      ))}
    </Box>
  );
}

function Gate({
  side,
  open,
  hub,
  sections,
}: {
  side: Side;
  open: boolean;
  hub?: SessionHost;
  sections: number;
}) {
  const keepRoot = (node: DOMElement | null) => {
    if (node) side.root = inkRoot(node) as Side['root'];
  };
  if (!open) return <Box ref={keepRoot} />;
  if (!hub) return <App side={side} sections={sections} />;
  return (
    <McpSession id="bench" server={hub}>
      <App side={side} sections={sections} />
    </McpSession>
  );
}

function inkRoot(node: DOMElement): DOMElement {
  let cursor = node;
  while (cursor.parentNode) cursor = cursor.parentNode;
  return cursor;
}

function mountSide(sections: number, hub?: SessionHost): Side {
  const side: Side = { setLeaf: () => {}, setToolLeaf: () => {}, root: null, probe: null };
  const stdout = Object.assign(new EventEmitter(), { columns: 120, rows: 40, write: () => true });
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: false,
    setEncoding() {},
    resume() {},
    pause() {},
  });
  const options = { stdout, stderr: stdout, stdin, patchConsole: false, exitOnCtrlC: false } as never;
  const ink = render(<Gate side={side} open={false} hub={hub} sections={sections} />, options);
  // Stub Ink's steps before the session wraps the commit hook, so the session chains the stub.
  const root = side.root!;
  root.onRender = () => {};
  root.onImmediateRender = () => {};
  root.onComputeLayout = () => {
    clock.commitStart = performance.now();
  };
  ink.rerender(<Gate side={side} open hub={hub} sections={sections} />);
  return side;
}

function countFibers(probe: Fiber): number {
  let top = probe;
  while (top.return) top = top.return;
  let fibers = 0;
  const stack: Fiber[] = [(top.stateNode as { current: Fiber }).current];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    fibers++;
    for (let child = fiber.child; child; child = child.sibling) stack.push(child);
  }
  return fibers;
}

/** Every update sets a new value (`() => n`), so each one commits. */
let updates = 0;

interface Measured {
  react: number;
  snapshot: number;
  sync: number;
  withSession: number;
}

/** Set by listeners on either side of the hub's own: the hub's derive + sync of a published tree. */
const syncClock = { start: 0, end: 0 };

/** Attaches to `hub` between two listeners of the session's new trees, which time the hub's work. */
function timedHost(hub: Hub): SessionHost {
  return {
    attach(session) {
      session.onChange(() => {
        syncClock.start = performance.now();
      });
      const detach = hub.attach(session);
      session.onChange(() => {
        syncClock.end = performance.now();
      });
      return detach;
    },
  };
}

/** The samples after `EARLY` commits, then after `WARMUP`. */
async function measure(
  a: Side,
  b: Side,
  pick: (side: Side) => Setter,
): Promise<{ early: Measured; steady: Measured }> {
  const early = await sample(a, b, pick, EARLY);
  const steady = await sample(a, b, pick, Math.max(0, WARMUP - EARLY - SAMPLES));
  return { early, steady };
}

async function sample(a: Side, b: Side, pick: (side: Side) => Setter, warmup: number): Promise<Measured> {
  const react: number[] = [];
  const snapshot: number[] = [];
  const sync: number[] = [];
  const withSession: number[] = [];
  let snapshotEnd = 0;
  // Registered after the session's own listener: called when the session's snapshot is done.
  const stopCommits = observeCommits(b.root, () => {
    snapshotEnd = performance.now();
  });
  for (let i = 0; i < warmup + SAMPLES; i++) {
    const n = ++updates;
    let t = performance.now();
    reconciler.flushSyncFromReconciler(() => pick(a)(() => n));
    reconciler.flushPassiveEffects();
    const tA = performance.now() - t;
    snapshotEnd = 0;
    syncClock.start = syncClock.end = 0;
    t = performance.now();
    reconciler.flushSyncFromReconciler(() => pick(b)(() => n));
    // Passive effects (a tool component pings the session from one) belong to the commit's cost.
    reconciler.flushPassiveEffects();
    const tB = performance.now() - t;
    // The session publishes its new tree in a microtask; the hub syncs in it.
    await Promise.resolve();
    if (i < warmup) continue;
    react.push(tA);
    withSession.push(tB);
    snapshot.push(snapshotEnd - clock.commitStart);
    sync.push(syncClock.end - syncClock.start);
  }
  stopCommits();
  return {
    react: median(react),
    snapshot: median(snapshot),
    sync: median(sync),
    withSession: median(withSession),
  };
}

async function size(sections: number, suffix: string): Promise<void> {
  const hub = new Hub({ logger: { warn: (line) => process.stderr.write(`${line}\n`) } });
  const a = mountSide(sections);
  const b = mountSide(sections, timedHost(hub));
  const session = hub.sessions()[0]!;
  if (session.tree().length === 0) throw new Error('the session saw no tree');
  const fibers = countFibers(b.probe!);
  const tools = hub.registry.list().length;
  note(`${fibers} fibers, ${sections * ROWS + 1} tool components, ${tools} tools registered`);
  const full: number[] = [];
  for (let i = 0; i < (quick ? 3 : 30); i++) {
    const t = performance.now();
    session.snapshot();
    full.push(performance.now() - t);
  }
  note(`re-read on demand, snapshot(): ${us(median(full))}`);
  const leaf = await measure(a, b, (side) => side.setLeaf);
  const tool = await measure(a, b, (side) => side.setToolLeaf);
  const names = hub.registry.list().map((t) => t.name);
  if (!names.some((n) => n.startsWith('bench.tool-leaf.'))) throw new Error('the tool leaf is not listed');
  const ratio = (m: Measured) => (m.snapshot + m.sync) / m.react;
  for (const [name, { early, steady: m }, key] of [
    ['leaf update', leaf, 'P1.leaf'],
    ['tool-component update', tool, 'P1.tool'],
  ] as const) {
    note(
      `${name}: React render+commit ${us(m.react)}; ink-mcp snapshot ${us(m.snapshot)}, derive + sync ${us(m.sync)}; whole commit with the session ${us(m.withSession)}`,
    );
    note(
      `  after ${EARLY} commits: React ${us(early.react)}; snapshot ${us(early.snapshot)}, derive + sync ${us(early.sync)}`,
    );
    figure(`${key}${suffix}`, ratio(m));
    figure(`${key}${suffix}.early`, ratio(early));
  }
}

const build = process.env.NODE_ENV === 'production' ? 'production' : 'development';
note(
  `React ${build}; ${SAMPLES} samples after ${WARMUP} commits of each update (and after ${EARLY}: .early)`,
);
// SIZES=50 runs the 50k tree alone (for a profile).
const sizes = (process.env.SIZES ?? '10,50').split(',').map(Number);
// Quick mode only proves the bench runs: smaller trees.
if (sizes.includes(10)) await size(quick ? 2 : 10, '');
if (sizes.includes(50)) await size(quick ? 4 : 50, '.50k');
process.exit(0);
