import { useFocus } from 'ink';

export interface WidgetFocusOptions {
  autoFocus: boolean | undefined;
  disabled: boolean | undefined;
}

/**
 * Tab focus for a widget, focusable unless disabled. Answers whether keys should reach it now.
 * (The widget id is not passed as Ink's focus id: Ink drops every focusable sharing an id when one of
 * them unmounts, and widget ids need not be unique across sessions.)
 */
export function useWidgetFocus({ autoFocus, disabled }: WidgetFocusOptions): boolean {
  const { isFocused } = useFocus({ isActive: disabled !== true, autoFocus: autoFocus === true });
  return isFocused && disabled !== true;
}

/** The mark in front of a focused widget (and the blank that keeps columns still when it is not). */
export function focusMark(focused: boolean): string {
  return focused ? '›' : ' ';
}
