// An app that writes to stdout itself: console.log on every render, and the escape codes of a
// full-screen helper (alternate screen, cursor home) straight to process.stdout; and to stderr
// through Ink's useStderr, once.
import { Box, render, Text, useStderr } from 'ink';
import SelectInput from 'ink-select-input';
import { createElement as h, useEffect, useState } from 'react';

function Noisy() {
  const [picked, setPicked] = useState('nothing');
  const { write } = useStderr();
  console.log(`noisy: rendering with ${picked}`);
  useEffect(() => {
    process.stdout.write('\u001B[?1049h\u001B[H');
  });
  useEffect(() => write('noisy: a line through useStderr\n'), [write]);
  return h(
    Box,
    { flexDirection: 'column' },
    h(SelectInput, {
      id: 'choice',
      items: [
        { label: 'Tea', value: 'tea' },
        { label: 'Coffee', value: 'coffee' },
      ],
      onSelect: (item) => setPicked(item.value),
    }),
    h(Text, null, `picked: ${picked}`),
  );
}

console.log('noisy: starting');
process.stdout.write('\u001B[2J');
render(h(Noisy));
