import { useTextField } from './internal/text-field.js';
import { TextInputView } from './views/TextInputView.js';

export interface TextInputProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** The text, when the parent owns it (controlled); leave it out to let the input keep its own. */
  value?: string;
  /** The starting text of an uncontrolled input. @default '' */
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Enter (or an agent's `submit`). Without it there is no `submit` action. */
  onSubmit?: (value: string) => void;
  /** Shown before the field, and names it in the agent's tool descriptions. */
  label?: string;
  /** Shown dimmed while the field is empty. */
  placeholder?: string;
  /** Neither a person nor an agent can edit it. @default false */
  disabled?: boolean;
  /** Take focus when nothing else has it. @default false */
  autoFocus?: boolean;
}

/**
 * A one-line text field: type while focused, Backspace deletes, Enter submits. Agent actions:
 * `type_into {text}` (replaces), `append {text}`, `clear`, `submit`, `get_value`.
 */
export function TextInput({
  defaultValue = '',
  disabled = false,
  autoFocus = false,
  ...props
}: TextInputProps) {
  const { text, focused, controller } = useTextField({
    value: props.value,
    defaultValue,
    onChange: props.onChange,
    onSubmit: props.onSubmit,
    disabled,
    autoFocus,
  });
  return (
    <TextInputView
      id={props.id}
      value={text}
      label={props.label}
      placeholder={props.placeholder}
      focused={focused}
      disabled={disabled}
      submittable={props.onSubmit !== undefined}
      controller={controller}
    />
  );
}
