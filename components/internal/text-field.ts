import { useMemo } from 'react';
import { useKeys } from './keys.js';
import { applyEdit, textEdit } from './text-keys.js';
import { useControllable, useLatest } from './use-controllable.js';
import { useWidgetFocus } from './use-widget-focus.js';

/** How an agent's call reaches a text field's state (stable across renders). */
export interface TextFieldController {
  setValue(update: string | ((previous: string) => string)): void;
  submit(): void;
}

export interface TextFieldOptions {
  value: string | undefined;
  defaultValue: string;
  onChange: ((value: string) => void) | undefined;
  onSubmit: ((value: string) => void) | undefined;
  disabled: boolean;
  autoFocus: boolean;
}

/**
 * A text field's state and keyboard, shared by TextInput and PasswordInput: type while focused,
 * Backspace deletes, Enter submits. The controller is what the field's agent actions call.
 */
export function useTextField(options: TextFieldOptions): {
  text: string;
  focused: boolean;
  controller: TextFieldController;
} {
  const [text, setText, getText] = useControllable(options.value, options.defaultValue, options.onChange);
  const submitRef = useLatest(options.onSubmit);
  const controller = useMemo<TextFieldController>(
    () => ({ setValue: setText, submit: () => submitRef.current?.(getText()) }),
    [setText, getText, submitRef],
  );
  const { focused } = useWidgetFocus({ autoFocus: options.autoFocus, disabled: options.disabled });
  useKeys(
    (input, key) => {
      const edit = textEdit(input, key);
      if (edit?.kind === 'submit') {
        controller.submit();
        return 'handed-over';
      }
      if (edit) setText((previous) => applyEdit(previous, edit));
      return undefined;
    },
    { isActive: focused, joinText: true },
  );
  return { text, focused, controller };
}
