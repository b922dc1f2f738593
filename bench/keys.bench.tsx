/**
 * K1, K2 (context, no target): keys through the built-in `keyboard.press`, on Ink's use-input style
 * mover (a `setX(x + 1)` handler: each key must see the commit of the one before).
 * - K1: keys per second in 100-key `keyboard.press` calls (real MCP client, in memory), each key
 *   delivered alone and answered only after React committed it and its effects ran.
 * - K1.key: the same as milliseconds per key; K1.floor: the physical floor, React's own work for one
 *   key on the same app without ink-mcp (the key emitted on Ink's input channel: render, commit and
 *   Ink's frame, all synchronous); K1.ratio = K1.key ÷ K1.floor.
 * - K2: one `keyboard.press` of one key, from the call to its answer carrying the committed screen.
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/keys.bench.tsx [--quick]
 */
import type { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { render, Text, useInput, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import { renderHeadless } from '../src/testing/render-headless.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';
import { memoryInk } from './fixtures/ink-options.js';
import { figure, median, note, quick, warnIfDevelopment } from './stats.js';

warnIfDevelopment();

const KEYS_PER_CALL = 100;
const SAMPLES = quick ? 3 : 30;
const WARMUP = quick ? 1 : 5;
const WIDTH = 1_000_000;

function Mover({ onEffects }: { onEffects?: () => void }) {
  const [x, setX] = useState(0);
  useInput((_input, key) => {
    if (key.rightArrow) setX(Math.min(WIDTH, x + 1));
  });
  // After every commit, once its passive effects (useInput's re-subscription among them) ran.
  useEffect(() => onEffects?.());
  return <Text>{`x=${x}`}</Text>;
}

/** Ink's input channel, as a person's keys reach `useInput` (the floor side has no ink-mcp). */
function Tap({ onEmitter }: { onEmitter: (e: EventEmitter) => void }) {
  const emitter = (useStdin() as { internal_eventEmitter?: EventEmitter }).internal_eventEmitter;
  if (emitter) onEmitter(emitter);
  return null;
}

const RIGHT = '\u001B[C';

async function floorPerKey(): Promise<number> {
  const { terminal, options } = memoryInk(true);
  let emitter: EventEmitter | undefined;
  let effectsRan = () => {};
  const app = render(
    <>
      <Tap
        onEmitter={(e) => {
          emitter = e;
        }}
      />
      <Mover onEffects={() => effectsRan()} />
    </>,
    options,
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  const perKey: number[] = [];
  let expected = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const start = performance.now();
    for (let k = 0; k < KEYS_PER_CALL; k++) {
      // The key's commit and its passive effects (useInput re-subscribes its new handler in one):
      // the least any key costs before the next can see its result.
      const effects = new Promise<void>((resolve) => {
        effectsRan = resolve;
      });
      emitter!.emit('input', RIGHT);
      await effects;
    }
    const ms = (performance.now() - start) / KEYS_PER_CALL;
    expected += KEYS_PER_CALL;
    if (i >= WARMUP) perKey.push(ms);
  }
  const frame = terminal.screen();
  if (frame !== `x=${expected}`) throw new Error(`floor side lost keys: ${frame} after ${expected}`);
  app.unmount();
  return median(perKey);
}

async function throughInkMcp(): Promise<{ perKey: number; oneKey: number }> {
  const app = await renderHeadless(<Mover />, WIDGETS);
  const keys = Array.from({ length: KEYS_PER_CALL }, () => 'right');
  const perKey: number[] = [];
  const oneKey: number[] = [];
  let expected = 0;
  try {
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      let start = performance.now();
      await app.client.callTool({ name: 'app.keyboard.press', arguments: { keys } });
      const batch = (performance.now() - start) / KEYS_PER_CALL;
      start = performance.now();
      await app.client.callTool({ name: 'app.keyboard.press', arguments: { keys: ['right'] } });
      const single = performance.now() - start;
      expected += KEYS_PER_CALL + 1;
      if (i >= WARMUP) {
        perKey.push(batch);
        oneKey.push(single);
      }
    }
    if (app.lastFrame() !== `x=${expected}`)
      throw new Error(`ink-mcp side lost keys: ${app.lastFrame()} after ${expected}`);
  } finally {
    await app.unmount();
  }
  return { perKey: median(perKey), oneKey: median(oneKey) };
}

const floor = await floorPerKey();
const { perKey, oneKey } = await throughInkMcp();
figure('K1', 1000 / perKey, 0);
figure('K1.key', perKey);
figure('K1.floor', floor);
figure('K1.ratio', perKey / floor, 2);
figure('K2', oneKey);
note(`${KEYS_PER_CALL} keys per call, ${SAMPLES} samples, medians; every key checked on the final screen`);
