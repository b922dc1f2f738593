import type { ActionSpec } from '../../src/index.js';
import { textActions } from '../actions/text.js';
import { FieldLine } from '../internal/FieldLine.js';
import { nameOf } from '../internal/fail.js';
import type { TextFieldController } from '../internal/text-field.js';

export interface TextInputViewProps {
  id: string | undefined;
  value: string;
  label: string | undefined;
  placeholder: string | undefined;
  focused: boolean;
  disabled: boolean;
  submittable: boolean;
  controller: TextFieldController;
}

/** A text input as drawn, and the agent's actions on it (its node has `type: 'TextInput'`). */
export function TextInputView({ value, label, placeholder, focused, disabled }: TextInputViewProps) {
  return (
    <FieldLine shown={value} label={label} placeholder={placeholder} focused={focused} disabled={disabled} />
  );
}

TextInputView.mcpType = 'TextInput';

TextInputView.mcpTools = (props: TextInputViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { controller } = props;
  return textActions({
    field: nameOf(props.label, props.id, 'text input'),
    replace: (text) => controller.setValue(text),
    append: (text) => controller.setValue((previous) => previous + text),
    clear: () => controller.setValue(''),
    ...(props.submittable ? { submit: () => controller.submit() } : {}),
    getValue: () => props.value,
    // A controlled field's parent may ignore onChange: the value drawn after the call says.
    check: { byKeys: false, read: (seen) => textOf(seen.node?.attrs.value) },
  });
};

function textOf(value: unknown): { text: string } | undefined {
  return typeof value === 'string' ? { text: value } : undefined;
}
