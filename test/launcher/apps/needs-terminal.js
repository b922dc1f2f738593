// An app that runs interactively only in a terminal, as many CLIs decide at start (Gemini CLI runs
// headless and exits when stdin is not a TTY): it says what it found and exits 1 without one.
import { render, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';

const { stdin, stdout } = process;
if (!stdin.isTTY || !stdout.isTTY || typeof stdin.setRawMode !== 'function') {
  process.stderr.write('needs-terminal: No input provided via stdin.\n');
  process.exit(1);
}
stdin.setRawMode(true);
stdin.setRawMode(false);

function App() {
  const [keys, setKeys] = useState('');
  useInput((input) => setKeys((k) => k + input));
  return h(Text, { color: 'green' }, `terminal ${stdout.columns}x${stdout.rows}, keys: ${keys}`);
}

render(h(App));
