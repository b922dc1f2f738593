// In the style of Ink's use-stdout example: the app writes lines of its own with useStdout().write,
// which a terminal shows above the app's frame (here one per press of w).
import { Box, render, Text, useInput, useStdout } from 'ink';
import { createElement as h, useState } from 'react';

function Example() {
  const { stdout, write } = useStdout();
  const [written, setWritten] = useState(0);
  useInput((input) => {
    if (input !== 'w') return;
    write(`line ${written + 1} from the app\n`);
    setWritten(written + 1);
  });
  return h(
    Box,
    { flexDirection: 'column', paddingX: 2, paddingY: 1 },
    h(Text, null, `Width: ${stdout.columns}`),
    h(Text, null, `lines written: ${written}`),
  );
}

render(h(Example));
