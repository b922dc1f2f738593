// An unchanged Ink app in the style of Ink's use-input example: arrow keys move a face, `q` exits.
// Plain JavaScript (no JSX), as `node app.js` runs it. The handler reads `x` from its render (a
// stale closure if two keys arrive in one commit).
import { Box, render, Text, useApp, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Mover() {
  const { exit } = useApp();
  const [x, setX] = useState(1);
  const [y, setY] = useState(1);
  useInput((input, key) => {
    if (input === 'q') exit();
    if (key.leftArrow) setX(Math.max(1, x - 1));
    if (key.rightArrow) setX(Math.min(20, x + 1));
    if (key.upArrow) setY(Math.max(1, y - 1));
    if (key.downArrow) setY(Math.min(10, y + 1));
  });
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, 'Use arrow keys to move the face. Press "q" to exit.'),
    h(Box, { height: 12, paddingLeft: x, paddingTop: y }, h(Text, null, '^_^')),
    h(Text, null, `position ${x},${y}`),
  );
}

const app = render(h(Mover));
await app.waitUntilExit();
console.log('bye from the mover');
