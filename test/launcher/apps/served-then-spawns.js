// A served Ink app that starts a program that is not Node with its terminal inherited (as an app
// that opens an editor does): the launcher already serves this process, so the program runs as
// asked, unserved (here it finds no terminal and exits 1), and the app goes on.
import { spawnSync } from 'node:child_process';
import { render, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';

const program = new URL('./needs-tty.sh', import.meta.url).pathname;

function App() {
  const [status, setStatus] = useState('press s to start the program');
  useInput((input) => {
    if (input === 's')
      setStatus(`the program exited with ${spawnSync(program, [], { stdio: 'inherit' }).status}`);
  });
  return h(Text, null, status);
}

render(h(App));
