// An unchanged Ink app whose picker comes from a form library, which brings its own copy of
// ink-select-input (nested in its node_modules, as npm installs a version the app does not share).
// The test lays the library out under a temporary folder (nested-widgets.ts); this file is its app.

import { Picker } from 'form-lib';
import { Box, render, Text } from 'ink';
import { createElement as h, useState } from 'react';

function App() {
  const [size, setSize] = useState('none');
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, `Size: ${size}`),
    h(Picker, { choices: ['small', 'large'], onPick: setSize }),
  );
}

render(h(App));
