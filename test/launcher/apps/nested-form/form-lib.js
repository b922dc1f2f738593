// A form library in the style of ink-form: its picker renders the ink-select-input of its own
// node_modules (the test installs a copy there), not the app's.
import SelectInput from 'ink-select-input';
import { createElement as h } from 'react';

export function Picker({ choices, onPick }) {
  return h(SelectInput, {
    items: choices.map((choice) => ({ label: choice, value: choice })),
    onSelect: (item) => onPick(item.value),
  });
}
