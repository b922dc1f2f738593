// An app that serves itself with renderMcp over stdio and writes to stdout on its own.
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { renderMcp, useMcpTools } from '../../../src/index.js';

function Counter() {
  const [count, setCount] = useState(0);
  console.log(`render-mcp-noisy: count is ${count}`);
  useEffect(() => {
    process.stdout.write('\u001B[?1049h');
  });
  useMcpTools('counter', { inc: { run: () => setCount((c) => c + 1) } });
  return <Text>Count: {count}</Text>;
}

const app = await renderMcp(<Counter />, { session: 'noisy', transport: 'stdio' });
await app.waitUntilExit();
