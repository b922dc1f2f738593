// A view that listens a moment after it is drawn (issue #41, item 6): "o" opens a dialog whose key
// handler is attached 60 ms after it appears, as views that set up their input in an effect or
// after a load do. A key sent within a blink of the dialog appearing is lost, for a person too.
import { Box, render, Text, useInput } from 'ink';
import { createElement as h, useEffect, useState } from 'react';

function Main({ onOpen }) {
  useInput((input) => {
    if (input === 'o') onOpen();
  });
  return h(Text, null, 'main view: press o to open the dialog');
}

function Dialog() {
  const [listening, setListening] = useState(false);
  const [answer, setAnswer] = useState('none yet');
  useEffect(() => {
    const timer = setTimeout(() => setListening(true), 60);
    return () => clearTimeout(timer);
  }, []);
  useInput((input) => setAnswer(input), { isActive: listening });
  return h(
    Box,
    { flexDirection: 'column', borderStyle: 'round' },
    h(Text, null, 'Delete everything?'),
    h(Text, null, 'press y or n'),
    h(Text, null, `answer: ${answer}`),
  );
}

function App() {
  const [open, setOpen] = useState(false);
  return open ? h(Dialog) : h(Main, { onOpen: () => setOpen(true) });
}

render(h(App));
