import { useFocus, useFocusManager, useStdin } from 'ink';
import { useEffect, useId } from 'react';
import { useLatest } from './use-controllable.js';

export interface WidgetFocusOptions {
  autoFocus: boolean | undefined;
  disabled: boolean | undefined;
}

export interface WidgetFocus {
  /** Keys should reach the widget now: it has Ink's focus and is not disabled. */
  focused: boolean;
  /** Ink's focus is on it (still true in the render that disables it). */
  held: boolean;
  /** Its Ink focus id. */
  focusId: string;
}

/**
 * Which ink-mcp widget holds Ink's focus, per Ink app (keyed by the app's stdin, one per `render`):
 * what a dialog gives focus back to when it closes. Ink 6 does not tell anyone else which id has focus.
 */
const holders = new WeakMap<object, { focusId: string | undefined }>();

export function focusHolder(stdin: object): { focusId: string | undefined } {
  const holder = holders.get(stdin) ?? { focusId: undefined };
  holders.set(stdin, holder);
  return holder;
}

/**
 * Tab focus for a widget, focusable unless disabled. The Ink focus id is generated per instance
 * (never the widget id: Ink drops every focusable sharing an id when one of them unmounts, and widget
 * ids need not be unique across sessions).
 */
export function useWidgetFocus({ autoFocus, disabled }: WidgetFocusOptions): WidgetFocus {
  // The prefix tells the answers' `Focus:` line that the id is made up (OWN_FOCUS_ID_PREFIX in
  // src/react/focus-words.ts; test/builtins/focus-and-aria.test.tsx holds the two together).
  const focusId = `ink-mcp${useId()}`;
  const { isFocused } = useFocus({ id: focusId, isActive: disabled !== true, autoFocus: autoFocus === true });
  const focused = isFocused && disabled !== true;
  const { stdin } = useStdin();
  useEffect(() => {
    if (!focused) return;
    const holder = focusHolder(stdin);
    holder.focusId = focusId;
    return () => {
      if (holder.focusId === focusId) holder.focusId = undefined;
    };
  }, [focused, focusId, stdin]);
  return { focused, held: isFocused, focusId };
}

/**
 * While `open`, the widget holds Ink's focus: it takes it when it opens (from whatever widget had it)
 * and, if it still holds it when it closes or unmounts, gives it back to the ink-mcp widget that had
 * it before. (An app's own `useFocus` component cannot be named this way: the app moves focus back
 * itself, with `useFocusManager().focus(id)`, in the dialog's handlers.)
 */
export function useFocusWhileOpen(open: boolean, focus: WidgetFocus): void {
  const { stdin } = useStdin();
  const { focus: focusOn } = useFocusManager();
  const { focusId } = focus;
  // Read at close: whether the widget still held focus in its last render (the person may have tabbed away).
  const held = useLatest(focus.held);
  useEffect(() => {
    if (!open) return;
    const holder = focusHolder(stdin);
    const previous = holder.focusId === focusId ? undefined : holder.focusId;
    focusOn(focusId);
    return () => {
      if (held.current && previous !== undefined) focusOn(previous);
    };
  }, [open, focusId, stdin, focusOn, held]);
}

/** The mark in front of a focused widget (and the blank that keeps columns still when it is not). */
export function focusMark(focused: boolean): string {
  return focused ? '›' : ' ';
}
