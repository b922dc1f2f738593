/**
 * P4: 1,000 commits in bursts, each changing the tool list: the most `notifications/tools/list_changed`
 * a client receives in any 34 ms window, and whether the last change of every burst reaches it.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/notifications.bench.tsx [--quick]
 *
 * A real Ink app inside an McpSession, served with the default coalescing ({ waitMs: 34, maxWaitMs: 100 });
 * an SDK client connected in memory that re-lists on every notification, as real clients do. Bursts
 * alternate between back-to-back commits and a render loop (a commit every 3 ms, longer than the
 * maximum wait), separated by gaps shorter and longer than the wait. Prints `P4 <max per window>`
 * and `P4.last yes|no`: yes when, within 200 ms of every burst's last commit, the client listed that
 * version (or a newer one) because of a notification, and its final listing shows the final tool.
 */
import { performance } from 'node:perf_hooks';
import { Text } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { useMcpTools } from '../src/react/index.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { silentLogger } from './fixtures/apps.js';
import { figure, note, quick, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

const WINDOW_MS = 34;
const COMMITS = quick ? 200 : 1000;
const BURST = 50;
const GAPS_MS = [5, 20, 60, 150];
/**
 * How soon after a burst's last commit the client must have listed it: the maximum wait, plus slack
 * for timers and the listing itself.
 */
const DELIVERY_MS = 100 + 100;

/** What the driver holds: the setter, and the commit it waits for. */
const app = {
  set: (_n: number) => {},
  committed: new Map<number, () => void>(),
};

function Changing() {
  const [n, setN] = useState(0);
  app.set = setN;
  // A new action name on every commit: every commit changes the tool list.
  useMcpTools('item', { [`v${n}`]: { description: `Version ${n}`, run: () => n } });
  useLayoutEffect(() => {
    app.committed.get(n)?.();
    app.committed.delete(n);
  }, [n]);
  return <Text>version {n}</Text>;
}

/** Sets the state and resolves once React committed it. */
function commit(n: number): Promise<void> {
  return new Promise((resolve) => {
    app.committed.set(n, resolve);
    app.set(n);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Dotted names and no built-in tools: the listing is then the one tool, named with its version.
const headless = await renderHeadless(<Changing />, {
  ...WIDGETS,
  session: 'bench',
  logger: silentLogger,
  nameStyle: 'dotted',
  builtinTools: false,
});
await headless.waitForSync();
const { client } = headless;
const received: number[] = [];
/** What each listing the client received showed: the version of the one tool, and when. */
const listings: { at: number; version: number }[] = [];
const versionOf = (names: string[]) =>
  Math.max(-1, ...names.map((n) => Number(/\.v(\d+)$/.exec(n)?.[1] ?? -1)));
client.setNotificationHandler('notifications/tools/list_changed', () => {
  received.push(performance.now());
  // A real client re-lists; not awaited, as a client would not block its notification handler.
  void client.listTools().then(({ tools }) => {
    listings.push({ at: performance.now(), version: versionOf(tools.map((t) => t.name)) });
  });
});
await client.listTools();

/** Each burst's last commit: when, and which version. */
const burstEnds: { at: number; version: number }[] = [];
const start = performance.now();
let n = 0;
for (let burst = 0; n < COMMITS; burst++) {
  const loop = burst % 2 === 1;
  for (let i = 0; i < BURST && n < COMMITS; i++) {
    await commit(++n);
    if (loop) await sleep(3);
  }
  burstEnds.push({ at: performance.now(), version: n });
  await sleep(GAPS_MS[burst % GAPS_MS.length]!);
}
await sleep(DELIVERY_MS + 100);
const elapsed = burstEnds[burstEnds.length - 1]!.at - start;

// The most notifications in any window [t, t + 34 ms) starting at a notification.
let maxPerWindow = 0;
for (let i = 0, j = 0; i < received.length; i++) {
  while (j < received.length && received[j]! < received[i]! + WINDOW_MS) j++;
  maxPerWindow = Math.max(maxPerWindow, j - i);
}
let minGap = Number.POSITIVE_INFINITY;
for (let i = 1; i < received.length; i++) minGap = Math.min(minGap, received[i]! - received[i - 1]!);

// Every burst's last change reached the client: soon after the burst, a listing (made because of a
// notification) showed that version or a newer one. A notification is rightly left out when the
// client listed the latest version already (a listing it made during the burst, for instance).
let worstDelay = 0;
let undelivered = 0;
for (const end of burstEnds) {
  // By version, not by time: a listing can show the last commit before the driver took the time.
  const seen = listings.find((l) => l.version >= end.version);
  if (seen === undefined || seen.at - end.at > DELIVERY_MS) {
    undelivered++;
    const rel = (t: number) => (t - end.at).toFixed(1);
    note(
      `undelivered: burst ending at version ${end.version}; notifications at ${received
        .filter((t) => Math.abs(t - end.at) < 400)
        .map(rel)
        .join(', ')} ms; listings ${listings
        .filter((l) => Math.abs(l.at - end.at) < 400)
        .map((l) => `v${l.version}@${rel(l.at)}`)
        .join(', ')} (relative to its last commit)`,
    );
  } else worstDelay = Math.max(worstDelay, seen.at - end.at, 0);
}
const finalTools = (await client.listTools()).tools.map((t) => t.name);
const finalSeen = finalTools.includes(`bench.item.v${n}`) && finalTools.length === 1;

note(
  `${n} commits in ${burstEnds.length} bursts over ${elapsed.toFixed(0)} ms: ${received.length} notifications ` +
    `(${listings.length} re-listings); shortest gap ${minGap.toFixed(1)} ms; ` +
    `a burst's last commit → the client's listing of it: at most ${worstDelay.toFixed(1)} ms; undelivered bursts: ${undelivered}; ` +
    `final listing shows the final tool: ${finalSeen ? 'yes' : 'no'}`,
);
figure('P4', maxPerWindow, 0);
figure('P4.last', undelivered === 0 && finalSeen ? 'yes' : 'no');
await headless.unmount();
process.exit(0);
