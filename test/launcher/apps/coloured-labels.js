// An unchanged Ink app whose ink-select-input labels carry the app's own escape codes, as git UIs
// draw a branch's age dimmed (issue #41, item 5): the agent gets the labels a person reads.
import { Box, render, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { createElement as h, useState } from 'react';

const ITEMS = [
  { label: 'main (main) \u001b[90mjust now\u001b[0m', value: 'main' },
  {
    label: 'feature \u001b]8;;https://example.com\u0007link\u001b]8;;\u0007 \u001b[1mtip\u001b[22m',
    value: 'feature',
  },
];

function App() {
  const [branch, setBranch] = useState('none');
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, `Branch: ${branch}`),
    h(SelectInput, { items: ITEMS, onSelect: (item) => setBranch(item.value) }),
  );
}

render(h(App));
