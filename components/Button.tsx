import { Text } from 'ink';
import type { ActionSpec } from '../src/index.js';
import { nameOf } from './internal/fail.js';
import { useKeys } from './internal/keys.js';
import { focusMark, useWidgetFocus } from './internal/use-widget-focus.js';

export interface ButtonProps {
  /** The widget id an agent addresses it by (`session.<id>.press`). Without one it is not exposed. */
  id?: string;
  label: string;
  onPress: () => void;
  /** Not pressable, by a person or an agent. @default false */
  disabled?: boolean;
  /** Take focus when nothing else has it. @default false */
  autoFocus?: boolean;
}

/** A button: Enter or Space presses it while focused (Tab moves focus). Agent action: `press`. */
export function Button({ label, onPress, disabled = false, autoFocus = false }: ButtonProps) {
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (input, key) => {
      if (!key.return && input !== ' ') return undefined;
      onPress();
      return 'handed-over';
    },
    { isActive: focused },
  );
  return (
    <Text dimColor={disabled} color={focused ? 'cyan' : undefined} bold={focused}>
      {focusMark(focused)}[ {label} ]
    </Text>
  );
}

Button.mcpTools = (props: ButtonProps): ActionSpec[] => {
  if (props.disabled === true || typeof props.onPress !== 'function') return [];
  return [
    {
      name: 'press',
      description: `Press ${nameOf(props.label, props.id, 'button')}.`,
      run: () => {
        props.onPress();
      },
    },
  ];
};
