// A quantity prompt as apps from source draw it: ink-text-input, controlled by the app's state.
import { Box, render, Text } from 'ink';
import TextInput from 'ink-text-input';
import { useState } from 'react';

function Quantity() {
  const [quantity, setQuantity] = useState('');
  const [ordered, setOrdered] = useState<string | undefined>();
  if (ordered !== undefined) return <Text>Ordered {ordered} apples</Text>;
  return (
    <Box>
      <Text>How many apples? </Text>
      <TextInput value={quantity} onChange={setQuantity} onSubmit={setOrdered} />
    </Box>
  );
}

render(<Quantity />);
