import type { Observation, ToolProvider } from '../../src/index.js';
import { textActions } from '../actions/text.js';
import { nameOf } from '../internal/fail.js';

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
    const change = (next: string) => {
      onChange(next);
    };
    return textActions({
      field: nameOf(undefined, node.id, secret ? 'password input' : 'text input'),
      secret,
      replace: change,
      append: (text) => change(value + text),
      clear: () => change(''),
      ...(typeof onSubmit === 'function' ? { submit: () => onSubmit(value) } : {}),
      getValue: () => value,
      // Its parent owns the value: the prop, read after the call, says whether the parent took it.
      check: { byKeys: false, read: valueProp },
    });
  },
};

/** The `value` prop of the field as observed (undefined once it has none to read). */
function valueProp(seen: Observation): { text: string } | undefined {
  const value = seen.node?.attrs.value;
  return typeof value === 'string' ? { text: value } : undefined;
}
