import type { ActionSpec } from '../../src/index.js';

/** What a yes/no question can do. */
export interface Question {
  /** The question as the person reads it, or a name for it. */
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Confirming destroys something: `confirm` carries `destructiveHint` (the call needs the authorizer). */
  destructive: boolean;
  confirm(): void;
  cancel(): void;
}

/** The yes/no vocabulary, the same for the built-in ConfirmDialog and adapted ones: `confirm`, `cancel`. */
export function confirmActions(q: Question): ActionSpec[] {
  const question = JSON.stringify(q.question);
  return [
    {
      name: 'confirm',
      description: `Answer ${JSON.stringify(q.confirmLabel)} to ${question}.`,
      // The answers' list of actions gives a widget's actions on one line (src/walker/types.ts).
      summary: `answers ${JSON.stringify(q.confirmLabel)} to ${question}`,
      ...(q.destructive ? { annotations: { destructiveHint: true } } : {}),
      confirmation: () => `Answer ${JSON.stringify(q.confirmLabel)} to ${question}`,
      run: () => {
        q.confirm();
      },
    },
    {
      name: 'cancel',
      description: `Answer ${JSON.stringify(q.cancelLabel)} to ${question}.`,
      summary: `answers ${JSON.stringify(q.cancelLabel)}`,
      run: () => {
        q.cancel();
      },
    },
  ];
}
