import { Box, Static, Text, useFocus, useInput } from 'ink';
import { useState } from 'react';

/** Ink's use-input example, reduced: arrows move a dot; the handler reads `x` from its closure. */
export function Mover() {
  const [x, setX] = useState(1);
  const [y, setY] = useState(1);
  useInput((_input, key) => {
    // Stale-closure style on purpose (as in Ink's example): each key must see the previous commit.
    if (key.rightArrow) setX(Math.min(20, x + 1));
    if (key.leftArrow) setX(Math.max(1, x - 1));
    if (key.downArrow) setY(Math.min(10, y + 1));
    if (key.upArrow) setY(Math.max(1, y - 1));
  });
  return <Text>{`x=${x} y=${y}`}</Text>;
}

/** A useInput-only chat: typed characters build a line, Enter submits it (as `<Static>` lines with `asStatic`). */
export function Chat({ asStatic = false }: { asStatic?: boolean }) {
  const [line, setLine] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  useInput((input, key) => {
    if (key.return) {
      setSent([...sent, line]);
      setLine('');
    } else if (key.backspace || key.delete) setLine(line.slice(0, -1));
    else setLine(line + input);
  });
  // Index keys: messages are append-only.
  const sentLine = (message: string, i: number) => <Text key={i}>{`sent: ${message}`}</Text>;
  return (
    <Box flexDirection="column">
      {asStatic ? <Static items={sent}>{sentLine}</Static> : sent.map(sentLine)}
      <Text>{`> ${line}`}</Text>
    </Box>
  );
}

function Item({ id, label }: { id: string; label: string }) {
  const { isFocused } = useFocus({ id });
  return <Text>{`${isFocused ? '>' : ' '} ${label}`}</Text>;
}

/** Ink's use-focus-with-id example, reduced. */
export function FocusList() {
  return (
    <Box flexDirection="column">
      <Item id="first" label="First" />
      <Item id="second" label="Second" />
      <Item id="third" label="Third" />
    </Box>
  );
}
