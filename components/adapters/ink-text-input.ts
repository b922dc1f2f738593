import type { CallInfo, Observation, ToolProvider } from '../../src/index.js';
import { textActions } from '../actions/text.js';
import { nameOf } from '../internal/fail.js';
import { KEYS, keyboardOf } from './keyboard.js';

/**
 * ink-text-input's `TextInput` is controlled (`value` / `onChange` / `onSubmit`): an agent drives it
 * through those props, so its parent hears the agent's text exactly as it hears a person's. With
 * `mask` it is a secret: the password vocabulary, every action `sensitive`, no `get_value`.
 * (`UncontrolledTextInput` passes its `id` on to the `TextInput` it renders, so it is covered too.)
 */
export const inkTextInputProvider: ToolProvider = {
  mcpTools(attrs, node) {
    const { onChange, onSubmit } = attrs;
    if (typeof onChange !== 'function') return [];
    const value = typeof attrs.value === 'string' ? attrs.value : '';
    const secret = typeof attrs.mask === 'string' && attrs.mask !== '';
    const field = nameOf(undefined, node.id, secret ? 'password input' : 'text input');
    // Enter, as a person submits: the field's own key handler calls onSubmit, and a parent that acts
    // on Enter in a handler of its own (a form that saves the field then) hears it too; calling
    // onSubmit alone answered done while such a form saved nothing. Without focus the field hears no
    // keys, and a session without a keyboard has none to press: then its handler is called.
    const byEnter = (call: CallInfo) => attrs.focus !== false && hasKeyboard(call);
    const change = (next: string) => {
      onChange(next);
    };
    return textActions({
      field,
      secret,
      replace: change,
      append: (text) => change(value + text),
      clear: () => change(''),
      ...(typeof onSubmit === 'function'
        ? {
            submit: (call: CallInfo) =>
              byEnter(call) ? keyboardOf(call, field)([KEYS.enter]) : onSubmit(value),
            submitByKeys: byEnter,
          }
        : {}),
      getValue: () => value,
      // Its parent owns the value: the prop, read after the call, says whether the parent took it.
      check: { byKeys: false, read: valueProp },
    });
  },
};

function hasKeyboard(call: CallInfo): boolean {
  return typeof (call as CallInfo & { input?: unknown }).input === 'function';
}

/** The `value` prop of the field as observed (undefined once it has none to read). */
function valueProp(seen: Observation): { text: string } | undefined {
  const value = seen.node?.attrs.value;
  return typeof value === 'string' ? { text: value } : undefined;
}
