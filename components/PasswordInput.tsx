import { useTextField } from './internal/text-field.js';
import { PasswordInputView } from './views/PasswordInputView.js';

export interface PasswordInputProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** The secret, when the parent owns it (controlled); leave it out to let the input keep its own. */
  value?: string;
  /** @default '' */
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Enter (or an agent's `submit`). Without it there is no `submit` action. */
  onSubmit?: (value: string) => void;
  label?: string;
  placeholder?: string;
  /** Drawn once per character instead of the character. @default '*' */
  mask?: string;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/**
 * A text field for a secret: the screen shows only the mask. Agent actions (all `sensitive`, so each
 * call needs the authorizer): `type_into {text}`, `clear`, `submit`. None of them ever answers the
 * value, and the field's view node never holds it.
 */
export function PasswordInput({
  defaultValue = '',
  mask = '*',
  disabled = false,
  autoFocus = false,
  ...props
}: PasswordInputProps) {
  const { text, focused, controller } = useTextField({
    value: props.value,
    defaultValue,
    onChange: props.onChange,
    onSubmit: props.onSubmit,
    disabled,
    autoFocus,
  });
  return (
    <PasswordInputView
      id={props.id}
      masked={mask.repeat([...text].length)}
      mask={mask}
      label={props.label}
      placeholder={props.placeholder}
      focused={focused}
      disabled={disabled}
      submittable={props.onSubmit !== undefined}
      controller={controller}
    />
  );
}
