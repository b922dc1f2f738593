import type { CallInfo, ToolProvider } from '../../src/index.js';
import { choiceActions } from '../actions/choice.js';
import { confirmActions } from '../actions/confirm.js';
import { multiChoiceActions } from '../actions/multi-choice.js';
import { textActions } from '../actions/text.js';
import { nameOf } from '../internal/fail.js';
import type { Option } from '../internal/options.js';
import { readUiField, uiChosen, uiIsChosen, uiSecretCount } from './inkjs-ui-reading.js';
import { CLEAR_LIMIT, KEYS, keyboardOf, repeat, typable } from './keyboard.js';

/*
 * @inkjs/ui's inputs keep their value to themselves (only `defaultValue` goes in), so an agent
 * drives them the way a person does: by keys, delivered to the app's `useInput` handlers. Keys reach
 * every @inkjs/ui input that is not `isDisabled` (as a person's would); what the agent cannot read
 * back (the text, the choice) is not offered as an action. ConfirmInput keeps nothing: its props
 * are called directly.
 */

const TO_END = repeat(KEYS.right, CLEAR_LIMIT);
const ERASE = [...TO_END, ...repeat(KEYS.backspace, CLEAR_LIMIT)];
/**
 * Erases, then types and deletes one character: React renders a burst of keys once, and these
 * inputs report `onChange` only when the rendered text differs from the one before the last key, so
 * a bare erase would leave the app believing the old text is still there.
 */
const CLEAR = [...ERASE, 'x', KEYS.backspace];

/** `completes`: the input draws a suggested completion after the text (EmailInput's domains). */
function textField(kind: string, secret: boolean, completes = false): ToolProvider {
  return {
    mcpTools(attrs, node) {
      if (attrs.isDisabled === true) return [];
      const field = nameOf(undefined, node.id, kind);
      const type = (call: CallInfo, keys: string[]) => keyboardOf(call, field)(keys);
      return textActions({
        field,
        secret,
        // What it draws says what it holds: the effect of the keys is checked against it.
        check: {
          byKeys: true,
          read: readUiField(attrs, secret),
          ...(secret ? { count: uiSecretCount } : {}),
          completes,
        },
        replace: (text, call) => type(call, text === '' ? CLEAR : [...ERASE, typable(text, field)]),
        append: (text, call) => type(call, [...TO_END, typable(text, field)]),
        clear: (call) => type(call, CLEAR),
        ...(typeof attrs.onSubmit === 'function'
          ? { submit: (call: CallInfo) => type(call, [KEYS.enter]) }
          : {}),
      });
    },
  };
}

/** `TextInput`: type_into, append, clear, submit (no get_value: only what it draws is readable, to check an effect). */
export const uiTextInputProvider = textField('text input', false);
/** `EmailInput`: as TextInput; Enter completes a suggested domain first, as it does for a person. */
export const uiEmailInputProvider = textField('email input', false, true);
/** `PasswordInput`: type_into, clear, submit, all `sensitive`. */
export const uiPasswordInputProvider = textField('password input', true);

/** `ConfirmInput`: `confirm` / `cancel` call `onConfirm` / `onCancel`, while it is not disabled. */
export const uiConfirmInputProvider: ToolProvider = {
  mcpTools(attrs, node) {
    const { onConfirm, onCancel } = attrs;
    if (attrs.isDisabled === true || typeof onConfirm !== 'function' || typeof onCancel !== 'function')
      return [];
    return confirmActions({
      question: node.id ?? 'the question',
      confirmLabel: 'y',
      cancelLabel: 'n',
      destructive: false,
      confirm: () => onConfirm(),
      cancel: () => onCancel(),
    });
  },
};

function optionsOf(attrs: Record<string, unknown>): Option<unknown>[] {
  const options = Array.isArray(attrs.options)
    ? (attrs.options as { label?: unknown; value?: unknown }[])
    : [];
  return options.map((option) => ({ label: String(option.label ?? option.value), value: option.value }));
}

/** Keys that put the focus on option `index`: to the top (it stops there), then down. */
function focusKeys(index: number, count: number): string[] {
  return [...repeat(KEYS.up, count), ...repeat(KEYS.down, index)];
}

/** `Select`: select (moves the focus there and presses Enter, which chooses and calls onChange); get_options. */
export const uiSelectProvider: ToolProvider = {
  mcpTools(attrs, node) {
    if (attrs.isDisabled === true) return [];
    const options = optionsOf(attrs);
    const widget = nameOf(undefined, node.id, 'select');
    return choiceActions({
      widget,
      options,
      select: (index, call) => keyboardOf(call, widget)([...focusKeys(index, options.length), KEYS.enter]),
      check: { byKeys: true, chosen: uiChosen(options) },
    });
  },
};

/** `MultiSelect`: toggle_option (moves the focus there and presses Space), submit (Enter). */
export const uiMultiSelectProvider: ToolProvider = {
  mcpTools(attrs, node) {
    if (attrs.isDisabled === true) return [];
    const options = optionsOf(attrs);
    const widget = nameOf(undefined, node.id, 'multi-select');
    const keys = (call: CallInfo) => keyboardOf(call, widget);
    return multiChoiceActions({
      widget,
      options,
      toggle: (index, call) => keys(call)([...focusKeys(index, options.length), KEYS.space]),
      check: { byKeys: true, isChosen: uiIsChosen(options) },
      ...(typeof attrs.onSubmit === 'function'
        ? { submit: (call: CallInfo) => keys(call)([KEYS.enter]) }
        : {}),
    });
  },
};
