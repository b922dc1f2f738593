// An unchanged app rendering an @inkjs/ui Select without an id.
import { Select } from '@inkjs/ui';
import { Box, render, Text } from 'ink';
import { createElement as h, useState } from 'react';

function Picker() {
  const [value, setValue] = useState(undefined);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, 'Pick a colour:'),
    h(Select, {
      options: [
        { label: 'Red', value: 'red' },
        { label: 'Green', value: 'green' },
        { label: 'Blue', value: 'blue' },
      ],
      onChange: setValue,
    }),
    h(Text, null, `selected: ${value ?? 'none'}`),
  );
}

render(h(Picker));
