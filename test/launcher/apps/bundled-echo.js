// An Ink app as a bundler ships it (test/launcher/terminal-mode.test.ts bundles it with esbuild,
// Ink and React inside, DEV false): it echoes what is typed, and shows its pid so that a test can
// see it gone. Escape exits.
import { Box, render, Text, useApp, useFocus, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Echo() {
  const [typed, setTyped] = useState('');
  const { exit } = useApp();
  // Something that takes focus: read through React's DevTools hook when the bundle injects into it.
  const { isFocused } = useFocus({ id: 'echo', autoFocus: true });
  useInput((input, key) => {
    if (key.escape) exit();
    else if (key.backspace || key.delete) setTyped((t) => t.slice(0, -1));
    else if (key.return) setTyped((t) => `${t}⏎`);
    else setTyped((t) => t + input);
  });
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, `bundled echo, pid ${process.pid}, tty ${process.stdout.columns}x${process.stdout.rows}`),
    h(Text, { color: 'green' }, `typed: ${typed}`),
    h(Text, null, isFocused ? 'echo has focus' : 'echo has no focus'),
  );
}

render(h(Echo));
