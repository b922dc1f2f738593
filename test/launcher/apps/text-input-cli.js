// A CLI in the style of emoj (Ink 5, React 18, ink-text-input 6): a query typed into a TextInput.
// The test installs it as npm does beside ink-mcp: its Ink and React under its own folder, the
// hoisted ink-text-input beside Ink 6 and React 19 (ink-mcp's peers).
import { Box, render, Text } from 'ink';
import TextInput from 'ink-text-input';
import { createElement as h, useState } from 'react';

function Search() {
  const [query, setQuery] = useState('');
  return h(
    Box,
    { flexDirection: 'column' },
    h(Box, null, h(Text, null, 'Search: '), h(TextInput, { value: query, onChange: setQuery })),
    h(Text, null, `results for: ${query}`),
  );
}

render(h(Search));
