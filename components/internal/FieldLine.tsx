import { Text } from 'ink';
import { focusMark } from './use-widget-focus.js';

export interface FieldLineProps {
  /** What the screen shows: the text, or its mask. */
  shown: string;
  label: string | undefined;
  placeholder: string | undefined;
  focused: boolean;
  disabled: boolean;
}

/** A one-line text field as drawn: focus mark, label, text (or placeholder), cursor while focused. */
export function FieldLine({ shown, label, placeholder, focused, disabled }: FieldLineProps) {
  return (
    <Text dimColor={disabled}>
      <Text color={focused ? 'cyan' : undefined}>{focusMark(focused)}</Text>
      {label ? `${label}: ` : ''}
      {shown === '' && placeholder ? <Text dimColor>{placeholder}</Text> : shown}
      {focused ? <Text inverse> </Text> : ''}
    </Text>
  );
}
