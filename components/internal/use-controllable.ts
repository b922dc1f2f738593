import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export type Update<T> = T | ((previous: T) => T);

/**
 * A value that is controlled (`value` given: the parent owns it and hears `onChange`) or uncontrolled
 * (kept here, starting at `defaultValue`), like the inputs of ink-text-input and @inkjs/ui.
 *
 * The setter and getter are stable and read the newest value: several updates before React commits (fast typing,
 * an agent's call) build on each other. The committed value replaces the pending one at each commit,
 * so a parent that rejects a change wins. The ref is written in a layout effect, never during render:
 * a render React throws away must not leak its value.
 */
export function useControllable<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((value: T) => void) | undefined,
): [T, (update: Update<T>) => void, () => T] {
  const controlled = value !== undefined;
  const [own, setOwn] = useState(defaultValue);
  const current = controlled ? value : own;
  const latest = useRef({ value: current, controlled, onChange });
  useLayoutEffect(() => {
    latest.current = { value: current, controlled, onChange };
  });
  const set = useCallback((update: Update<T>) => {
    const state = latest.current;
    const next = typeof update === 'function' ? (update as (previous: T) => T)(state.value) : update;
    if (Object.is(next, state.value)) return;
    state.value = next;
    if (!state.controlled) setOwn(() => next);
    state.onChange?.(next);
  }, []);
  const get = useCallback(() => latest.current.value, []);
  return [current, set, get];
}

/** The newest value of something, for stable callbacks; written at commit, never during render. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
