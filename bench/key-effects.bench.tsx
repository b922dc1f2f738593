/**
 * KEY: what the key-effects window (issue #41 item 3, src/react/key-effects.ts) adds to a key's call.
 * The same app headless twice, keyEffectsMs 150 (the default) and 0 (no window), called alternately
 * sample by sample by a real SDK client in memory:
 * - `KEY.plain`: `keyboard.press ["a"]` into a useInput counter that schedules no timer: the window
 *   must add nothing measurable (only the watch's own set-up).
 * - `KEY.timer`: `keyboard.press ["t"]` into an app whose key schedules `setTimeout(…, 10)` that
 *   renders: the 150 ms side waits for it (about the timer's 10 ms), the 0 side answers before it.
 *
 *   NODE_ENV=production node --import tsx bench/key-effects.bench.tsx [--quick]
 */
import { Text, useInput } from 'ink';
import { useState } from 'react';
import { renderHeadless } from '../src/testing/index.js';
import { alternate, quick } from './stats.js';

function Counter() {
  const [count, setCount] = useState(0);
  const [late, setLate] = useState(0);
  useInput((input) => {
    if (input === 'a') setCount((c) => c + 1);
    if (input === 't') setTimeout(() => setLate((c) => c + 1), 10);
  });
  return <Text>{`count ${count}, late ${late}`}</Text>;
}

async function main(): Promise<void> {
  const windowed = await renderHeadless(<Counter />, { keyEffectsMs: 150 });
  const none = await renderHeadless(<Counter />, { keyEffectsMs: 0 });
  const press = (app: typeof windowed, key: string) => () =>
    app.client.callTool({ name: 'app_keyboard_press', arguments: { keys: [key] } });
  const options = { warmup: quick ? 3 : 10, samples: quick ? 10 : 40, batch: 5 };
  try {
    for (const [name, key] of [
      ['KEY.plain', 'a'],
      ['KEY.timer', 't'],
    ] as const) {
      const result = await alternate(press(none, key), press(windowed, key), options);
      const added = result.b.median - result.a.median;
      console.log(
        `${name}: window 0 ${result.a.median.toFixed(2)} ms/call, window 150 ${result.b.median.toFixed(2)} ms/call, ` +
          `added ${added.toFixed(2)} ms (paired ratio ${result.pairedRatio.toFixed(3)})`,
      );
    }
  } finally {
    await windowed.unmount();
    await none.unmount();
  }
}

await main();
