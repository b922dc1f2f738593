// An unchanged Ink app whose key starts an animation (issue #41, item 3): `g` starts a counter that
// ticks every 20 ms for 2 s, so the screen is still changing when a key's answer is written.
import { render, Text, useInput } from 'ink';
import { createElement as h, useEffect, useState } from 'react';

function Ticker() {
  const [ticks, setTicks] = useState();
  useInput((input) => {
    if (input === 'g') setTicks(0);
  });
  useEffect(() => {
    if (ticks === undefined || ticks >= 100) return;
    const timer = setTimeout(() => setTicks(ticks + 1), 20);
    return () => clearTimeout(timer);
  }, [ticks]);
  return h(Text, null, ticks === undefined ? 'Press g to go' : `tick ${ticks}`);
}

render(h(Ticker));
