// An unchanged app in the style of Ink's counter example: it only renders, on a timer.
import { render, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';

function Counter() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCount((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, []);
  return h(Text, { color: 'green' }, `${count} tests passed`);
}

render(h(Counter));
