// A plain Ink app that knows nothing of ink-mcp, in the style of Ink's own chat example: it hears
// the keyboard only through useInput. `node examples/launcher/chat.js` runs it in your terminal;
// `npm run demo:launcher` serves it through the ink-mcp launcher, unchanged.
import { Box, render, Text, useApp, useInput } from 'ink';
import { createElement as h, useState } from 'react';

function Chat() {
  const { exit } = useApp();
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState([]);
  useInput((input, key) => {
    if (key.escape) exit();
    else if (key.return) {
      if (draft) setMessages([...messages, draft]);
      setDraft('');
    } else if (key.backspace || key.delete) setDraft(draft.slice(0, -1));
    else if (input && !key.ctrl && !key.meta) setDraft(draft + input);
  });
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'Chat (Enter sends, Esc quits)'),
    ...messages.map((message, i) => h(Text, { key: i }, `you: ${message}`)),
    h(Text, null, `> ${draft}`),
  );
}

render(h(Chat));
