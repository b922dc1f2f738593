// Press "c": starts record-child.js (another Node process that renders Ink) and shows when it exited.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { render, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Parent() {
  const [state, setState] = useState('no child yet');
  useInput((input) => {
    if (input !== 'c') return;
    setState('child running');
    const child = spawn(process.execPath, [fileURLToPath(new URL('./record-child.js', import.meta.url))], {
      stdio: 'ignore',
    });
    child.on('exit', (code) => setState(`child exited with ${code}`));
  });
  return h(Text, null, state);
}

render(h(Parent));
