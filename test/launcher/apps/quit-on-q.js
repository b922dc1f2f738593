// An unchanged app that quits when the person presses q, as many CLIs do (useInput + exit()).
import { Box, render, Text, useApp, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Viewer() {
  const { exit } = useApp();
  const [page, setPage] = useState(1);
  useInput((input, key) => {
    if (input === 'q') exit();
    else if (key.rightArrow) setPage((p) => p + 1);
  });
  return h(Box, { flexDirection: 'column' }, h(Text, null, `page ${page}`), h(Text, null, 'q quits'));
}

await render(h(Viewer)).waitUntilExit();
console.log('bye');
