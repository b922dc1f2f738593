// The gated app's code: a counter that writes to stdout on load and on every render, and can quit.
// It ticks, as a spinner or a clock does: the process lives until the app is stopped.
import { Text, useApp } from 'ink';
import { useEffect, useState } from 'react';
import { useMcpTools } from '../../../src/index.js';

console.log('counter: loaded');

export function Counter() {
  const [count, setCount] = useState(0);
  const { exit } = useApp();
  console.log(`counter: count is ${count}`);
  useEffect(() => {
    const tick = setInterval(() => {}, 1_000);
    return () => clearInterval(tick);
  }, []);
  useMcpTools('counter', {
    inc: { description: 'Add one.', run: () => setCount((c) => c + 1) },
    quit: { description: 'Quit the app.', run: () => exit() },
  });
  return <Text>Count: {count}</Text>;
}
