import type { ActionSpec } from '../../src/index.js';
import { textActions } from '../actions/text.js';
import { FieldLine } from '../internal/FieldLine.js';
import { nameOf } from '../internal/fail.js';
import type { TextFieldController } from '../internal/text-field.js';

/** Deliberately no value: these props are the node's attrs, which resources and logs may show. */
export interface PasswordInputViewProps {
  id: string | undefined;
  /** The mask, one per character: what the screen shows anyway. */
  masked: string;
  /** What one character is drawn as (not a secret). */
  mask: string;
  label: string | undefined;
  placeholder: string | undefined;
  focused: boolean;
  disabled: boolean;
  submittable: boolean;
  controller: TextFieldController;
}

/** A password input as drawn, and the agent's actions on it (its node has `type: 'PasswordInput'`). */
export function PasswordInputView({ masked, label, placeholder, focused, disabled }: PasswordInputViewProps) {
  return (
    <FieldLine shown={masked} label={label} placeholder={placeholder} focused={focused} disabled={disabled} />
  );
}

PasswordInputView.mcpType = 'PasswordInput';

PasswordInputView.mcpTools = (props: PasswordInputViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { controller } = props;
  return textActions({
    field: nameOf(props.label, props.id, 'password input'),
    secret: true,
    replace: (text) => controller.setValue(text),
    clear: () => controller.setValue(''),
    ...(props.submittable ? { submit: () => controller.submit() } : {}),
    // A controlled field's parent may ignore onChange: how many masks are drawn after the call says.
    check: { byKeys: false, read: (seen) => countOf(seen.node?.attrs, props.mask) },
  });
};

/** How many characters the field holds, from its mask drawn once per character. */
function countOf(attrs: Record<string, unknown> | undefined, mask: string): { count: number } | undefined {
  const masked = attrs?.masked;
  const unit = [...mask].length;
  if (typeof masked !== 'string' || unit === 0) return undefined;
  return { count: [...masked].length / unit };
}
