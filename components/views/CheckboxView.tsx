import { Text } from 'ink';
import { z } from 'zod';
import type { ActionSpec, CallInfo } from '../../src/index.js';
import { action } from '../internal/action.js';
import { nameOf } from '../internal/fail.js';
import { stateChecked } from '../internal/state-effect.js';
import type { Update } from '../internal/use-controllable.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface CheckboxViewProps {
  id: string | undefined;
  label: string;
  checked: boolean;
  focused: boolean;
  disabled: boolean;
  controller: { setChecked(update: Update<boolean>): void };
}

const SET = z.object({ checked: z.boolean().describe('true to check it, false to uncheck it') });

/** A checkbox as drawn, and the agent's actions on it (its node has `type: 'Checkbox'`). */
export function CheckboxView({ label, checked, focused, disabled }: CheckboxViewProps) {
  return (
    <Text dimColor={disabled}>
      <Text color={focused ? 'cyan' : undefined}>{focusMark(focused)}</Text>
      {checked ? '[x]' : '[ ]'} {label}
    </Text>
  );
}

CheckboxView.mcpType = 'Checkbox';

CheckboxView.mcpTools = (props: CheckboxViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { controller } = props;
  const box = nameOf(props.label, props.id, 'checkbox');
  // A controlled checkbox's parent may ignore onChange: the state drawn after the call says.
  const set = (checked: boolean, call: CallInfo, update: Update<boolean> = checked) =>
    stateChecked(call, () => controller.setChecked(update), {
      holds: (seen) =>
        typeof seen.node?.attrs.checked === 'boolean' ? seen.node.attrs.checked === checked : undefined,
      did: `passed ${checked ? 'checked' : 'unchecked'} to the onChange of ${box}`,
      shows: () => `it is still ${props.checked ? 'checked' : 'unchecked'}`,
    });
  return [
    {
      name: 'toggle',
      description: `Toggle ${box}: check it if unchecked, uncheck it if checked.`,
      run: (_args, call) => set(!props.checked, call, (previous) => !previous),
    },
    action({
      name: 'set',
      description: `Check or uncheck ${box}.`,
      inputSchema: SET,
      run: ({ checked }, call) => set(checked, call),
    }),
    {
      name: 'get_checked',
      description: `Read whether ${box} is checked.`,
      run: () => ({ checked: props.checked }),
    },
  ];
};
