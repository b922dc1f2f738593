// An Ink app whose own Node children read their stdin (issue #39): `execFileSync` with `input`, and a
// child piped by `spawn`. Under the launcher they must read what the app gives them, not a terminal.
import { execFileSync, spawn } from 'node:child_process';
import { render, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';

const echo = ['-e', 'process.stdin.pipe(process.stdout)'];
const synced = execFileSync(process.execPath, echo, { input: 'given by input' }).toString();

function App() {
  const [piped, setPiped] = useState('…');
  useEffect(() => {
    const child = spawn(process.execPath, echo, { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('close', () => setPiped(out));
    child.stdin.end('given by a pipe');
  }, []);
  return h(Text, null, `execFileSync: [${synced}] spawn: [${piped}]`);
}

render(h(App));
