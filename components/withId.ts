import type { ComponentType } from 'react';

/**
 * The same component, typed to take an `id` too: a third-party widget the default type map adapts
 * (ink-text-input, ink-select-input, @inkjs/ui) is exposed when it is rendered with an `id`, which
 * JavaScript passes through but its props type may not declare. No wrapper component is made, so
 * the adapter still recognises it.
 *
 * @example const TextInput = withId(InkTextInput); <TextInput id="name" value={v} onChange={setV} />
 */
export function withId<P>(component: ComponentType<P>): ComponentType<P & { id?: string }> {
  return component as ComponentType<P & { id?: string }>;
}
