import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import type { ActionSpec } from '../src/index.js';
import { confirmActions } from './actions/confirm.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';

export interface ConfirmDialogProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** The question. */
  message: string;
  /** Shown (and answerable) only while true. @default true */
  open?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** @default 'Yes' */
  confirmLabel?: string;
  /** @default 'No' */
  cancelLabel?: string;
  /**
   * Confirming destroys something: the agent's `confirm` carries `destructiveHint` (so it needs the
   * authorizer), and Enter defaults to cancel. @default false
   */
  destructive?: boolean;
  /** Take focus when nothing else has it. @default true */
  autoFocus?: boolean;
}

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
  const [choice, setChoice] = useState<'confirm' | 'cancel'>(destructive ? 'cancel' : 'confirm');
  const focused = useWidgetFocus({ autoFocus, disabled: !open });
  useInput(
    (input, key) => {
      if (input.toLowerCase() === 'y') onConfirm();
      else if (input.toLowerCase() === 'n' || key.escape) onCancel();
      else if (key.leftArrow || key.rightArrow) setChoice((c) => (c === 'confirm' ? 'cancel' : 'confirm'));
      else if (key.return) (choice === 'confirm' ? onConfirm : onCancel)();
    },
    { isActive: focused && open },
  );
  if (!open) return null;
  const button = (which: 'confirm' | 'cancel', label: string) => (
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
