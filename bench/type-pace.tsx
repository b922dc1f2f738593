/**
 * The pace of keyboard.type (issue #28, item 11): ms a key per chunk of typed text, for an input
 * showing its tail (tail), a chat box (chat) and ink-mcp's TextInput, which shows all its text.
 * Run from a tree root: [NODE_ENV=production] npx tsx bench/type-pace.tsx {tail|chat|textinput} [chunk] [total]
 */

import { Text, useInput } from 'ink';
import type React from 'react';
import { useState } from 'react';
import { TextInput } from '../components/index.js';
import { renderHeadless } from '../src/testing/index.js';
import { Chat } from '../test/builtins/apps.js';
import { WIDGETS } from '../test/helpers/widgets-surface.js';

function Tail() {
  const [line, setLine] = useState('');
  useInput((input) => setLine(line + input));
  return <Text>{`${line.length} chars, ends ${line.slice(-40)}`}</Text>;
}
const apps: Record<string, () => React.ReactElement> = {
  tail: () => <Tail />,
  chat: () => <Chat />,
  textinput: () => <TextInput id="name" autoFocus />,
};
const which = process.argv[2] ?? 'tail';
const chunk = Number(process.argv[3] ?? 1000);
const total = Number(process.argv[4] ?? 10000);
const app = await renderHeadless(apps[which]!(), { ...WIDGETS, callTimeoutMs: 600_000 });
const t0 = performance.now();
const row: string[] = [];
for (let done = 0; done < total; done += chunk) {
  const t = performance.now();
  const r = await app.client.callTool(
    { name: 'app.keyboard.type', arguments: { text: 'a'.repeat(chunk) } },
    { timeout: 600_000 },
  );
  const ms = performance.now() - t;
  row.push(`${done + chunk}:${(ms / chunk).toFixed(2)}`);
  if (r.isError) {
    console.log('error', JSON.stringify(r.content).slice(0, 200));
    break;
  }
  if (performance.now() - t0 > 120_000) {
    row.push('(stopped at 120 s)');
    break;
  }
}
console.log(
  which,
  process.env.NODE_ENV ?? 'dev',
  'ms/key by length:',
  row.join(' '),
  'total',
  ((performance.now() - t0) / 1000).toFixed(1),
  's',
);
console.log(app.lastFrame().slice(0, 200));
await app.unmount();
