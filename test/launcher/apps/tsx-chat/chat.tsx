// A chat in the style of Ink's chat example: keys gathered by useInput, Enter posts the line.
import { Box, render, Text, useInput } from 'ink';
import { useState } from 'react';

let nextId = 0;

function Chat() {
  const [draft, setDraft] = useState('');
  const [lines, setLines] = useState<Array<{ id: number; text: string }>>([]);
  useInput((input, key) => {
    if (key.return) {
      if (draft) setLines((all) => [...all, { id: nextId++, text: `You said: ${draft}` }]);
      setDraft('');
    } else if (key.backspace || key.delete) setDraft((text) => text.slice(0, -1));
    else setDraft((text) => text + input);
  });
  return (
    <Box flexDirection="column">
      {lines.map((line) => (
        <Text key={line.id}>{line.text}</Text>
      ))}
      <Text>Message: {draft}</Text>
    </Box>
  );
}

render(<Chat />);
