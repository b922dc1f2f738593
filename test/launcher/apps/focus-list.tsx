// An unchanged Ink app in the style of Ink's use-focus-with-id example, in TSX for `npx tsx`.
import { Box, render, Text, useFocus, useFocusManager, useInput } from 'ink';

function Item({ id, label }: { id: string; label: string }) {
  const { isFocused } = useFocus({ id });
  return (
    <Text>
      {isFocused ? '›' : ' '} {label} {isFocused ? '(focused)' : ''}
    </Text>
  );
}

function FocusList() {
  const { focus } = useFocusManager();
  useInput((input) => {
    if (input === '1') focus('first');
    if (input === '2') focus('second');
    if (input === '3') focus('third');
  });
  return (
    <Box flexDirection="column">
      <Text>Press Tab to move focus, or 1, 2, 3 to focus an item.</Text>
      <Item id="first" label="First" />
      <Item id="second" label="Second" />
      <Item id="third" label="Third" />
    </Box>
  );
}

render(<FocusList />);
