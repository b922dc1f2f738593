// An unchanged Ink app in the style of Ink's chat example: it hears keys only through useInput.
import { Box, render, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Chat() {
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState([]);
  useInput((input, key) => {
    if (key.return) {
      if (draft) setMessages((m) => [...m, draft]);
      setDraft('');
    } else if (key.backspace || key.delete) setDraft((d) => d.slice(0, -1));
    else if (input && !key.ctrl && !key.meta) setDraft((d) => d + input);
  });
  return h(
    Box,
    { flexDirection: 'column' },
    ...messages.map((m, i) => h(Text, { key: i }, `> ${m}`)),
    h(Text, null, `Enter your message: ${draft}`),
  );
}

render(h(Chat));
