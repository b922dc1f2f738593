// An app that ends itself once the choice is on screen (Ink's exit() from an effect).
import { Box, render, Text, useApp } from 'ink';
import SelectInput from 'ink-select-input';
import { createElement as h, useEffect, useState } from 'react';

function Pick() {
  const { exit } = useApp();
  const [picked, setPicked] = useState('nothing');
  useEffect(() => {
    if (picked === 'leave') exit();
  }, [picked, exit]);
  return h(
    Box,
    { flexDirection: 'column' },
    h(SelectInput, {
      id: 'choice',
      items: [
        { label: 'Stay', value: 'stay' },
        { label: 'Leave', value: 'leave' },
      ],
      onSelect: (item) => setPicked(item.value),
    }),
    h(Text, null, `picked: ${picked}`),
  );
}

const app = render(h(Pick));
await app.waitUntilExit();
// What many CLIs do once their UI is done: the answer to the call that ended it must be out first.
process.exit(0);
