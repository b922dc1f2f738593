// An unchanged Ink app whose key opens its next view a little later, as apps that animate or load a
// view do: `n` shows "…" at once, then the form (an ink-text-input) DELAY_MS (100) ms later.
import { Box, render, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { createElement as h, useState } from 'react';

function App() {
  const [view, setView] = useState('menu');
  const [name, setName] = useState('');
  const [others, setOthers] = useState(0);
  useInput((input) => {
    if (view !== 'menu') return;
    if (input !== 'n') return setOthers((count) => count + 1);
    setView('loading');
    setTimeout(() => setView('form'), Number(process.env.DELAY_MS ?? 100));
  });
  if (view === 'menu') return h(Text, null, `Press n for a new item (${others} other keys)`);
  if (view === 'loading') return h(Text, null, '…');
  return h(Box, null, h(Text, null, 'Name: '), h(TextInput, { value: name, onChange: setName }));
}

render(h(App));
