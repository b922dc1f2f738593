import { Box, Text } from 'ink';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActionSpec } from '../src/index.js';
import { confirmActions } from './actions/confirm.js';
import { type KeyResult, useKeys } from './internal/keys.js';
import { useControllable } from './internal/use-controllable.js';
import { useFocusWhileOpen, useWidgetFocus } from './internal/use-widget-focus.js';

export interface ConfirmDialogProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** The question. */
  message: string;
  /** Shown (and answerable) only while true. @default true */
  open?: boolean;
  /**
   * The answers. One that throws leaves the dialog open: an agent's `confirm`/`cancel` answers the
   * error; a person's key is ignored (show them what went wrong yourself) rather than crash the app.
   */
  onConfirm: () => void;
  onCancel: () => void;
  /** @default 'Yes' */
  confirmLabel?: string;
  /** @default 'No' */
  cancelLabel?: string;
  /**
   * Confirming destroys something: the agent's `confirm` carries `destructiveHint` (so it needs the
   * authorizer), Enter defaults to cancel, and while it is open only a person may answer it with keys
   * (an agent's `keyboard.press`/`keyboard.type` are refused). @default false
   */
  destructive?: boolean;
  /**
   * Take focus each time it opens (from whatever had it), and give it back to the ink-mcp widget
   * that had it when it closes. `false`: it is focused only by Tab. @default true
   */
  autoFocus?: boolean;
}

type Choice = 'confirm' | 'cancel';

/**
 * A yes/no question: y or n answer it while focused, ←/→ choose, Enter answers the chosen one.
 * Agent actions, only while open: `confirm`, `cancel`.
 */
export function ConfirmDialog({
  message,
  open = true,
  onConfirm,
  onCancel,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  destructive = false,
  autoFocus = true,
}: ConfirmDialogProps) {
  const [choice, setChoice, getChoice] = useControllable<Choice>(
    undefined,
    destructive ? 'cancel' : 'confirm',
    undefined,
  );
  // Each opening starts from the safe answer, whatever the last one chose.
  useEffect(() => {
    if (open) setChoice(destructive ? 'cancel' : 'confirm');
  }, [open, destructive, setChoice]);
  const focus = useWidgetFocus({ autoFocus: false, disabled: !open });
  useFocusWhileOpen(open && autoFocus, focus);
  // One answer per render: a second answer in the same chunk of keys (`yy`, or `y` then Enter)
  // would otherwise run on a dialog the app has already closed.
  const answered = useRef(false);
  useLayoutEffect(() => {
    answered.current = false;
  });
  const answer = (confirmed: boolean): KeyResult => {
    if (answered.current) return undefined;
    try {
      (confirmed ? onConfirm : onCancel)();
    } catch {
      return undefined;
    }
    answered.current = true;
    return 'handed-over';
  };
  useKeys(
    (input, key) => {
      if (input.toLowerCase() === 'y') return answer(true);
      if (input.toLowerCase() === 'n' || key.escape) return answer(false);
      if (key.leftArrow || key.rightArrow) setChoice((c) => (c === 'confirm' ? 'cancel' : 'confirm'));
      else if (key.return) return answer(getChoice() === 'confirm');
      return undefined;
    },
    { isActive: focus.focused && open },
  );
  if (!open) return null;
  const { focused } = focus;
  const button = (which: Choice, label: string) => (
    <Text inverse={focused && choice === which} bold={choice === which}>
      {` ${label} `}
    </Text>
  );
  return (
    <Box
      borderStyle="round"
      borderColor={focused ? 'cyan' : destructive ? 'red' : undefined}
      flexDirection="column"
      paddingX={1}
    >
      <Text>{message}</Text>
      <Text>
        {button('confirm', confirmLabel)} {button('cancel', cancelLabel)}
        <Text dimColor> (y/n)</Text>
      </Text>
    </Box>
  );
}

/**
 * A destructive question, while open, is the person's to answer: an agent's keys are refused (it
 * calls `confirm`, which asks the person, or `cancel`). src/walker/person-only.ts.
 */
ConfirmDialog.mcpPersonOnly = (props: ConfirmDialogProps): boolean =>
  props.destructive === true && props.open !== false;

ConfirmDialog.mcpTools = (props: ConfirmDialogProps): ActionSpec[] => {
  if (props.open === false) return [];
  return confirmActions({
    question: props.message,
    confirmLabel: props.confirmLabel ?? 'Yes',
    cancelLabel: props.cancelLabel ?? 'No',
    destructive: props.destructive === true,
    confirm: () => props.onConfirm(),
    cancel: () => props.onCancel(),
  });
};
