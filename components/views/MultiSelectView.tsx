import { Box, Text } from 'ink';
import type { ActionSpec } from '../../src/index.js';
import { multiChoiceActions } from '../actions/multi-choice.js';
import { nameOf } from '../internal/fail.js';
import type { Option } from '../internal/options.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface MultiSelectViewProps {
  id: string | undefined;
  label: string | undefined;
  options: readonly Option<unknown>[];
  /** Indexes of the chosen options, ascending. */
  selected: readonly number[];
  highlight: number;
  focused: boolean;
  disabled: boolean;
  submittable: boolean;
  controller: { toggle(index: number): void; setSelected(indexes: readonly number[]): void; submit(): void };
}

/** A multi-select as drawn, and the agent's actions on it (its node has `type: 'MultiSelect'`). */
export function MultiSelectView({
  label,
  options,
  selected,
  highlight,
  focused,
  disabled,
}: MultiSelectViewProps) {
  return (
    <Box flexDirection="column">
      {label ? <Text dimColor={disabled}>{label}</Text> : null}
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a position in the props' own list is its identity
        <Text key={index} dimColor={disabled} color={focused && index === highlight ? 'cyan' : undefined}>
          {focusMark(focused && index === highlight)}
          {selected.includes(index) ? '[x]' : '[ ]'} {option.label}
        </Text>
      ))}
    </Box>
  );
}

MultiSelectView.mcpType = 'MultiSelect';

MultiSelectView.mcpTools = (props: MultiSelectViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { controller } = props;
  return multiChoiceActions({
    widget: nameOf(props.label, props.id, 'multi-select'),
    options: props.options,
    selected: props.selected,
    toggle: (index) => controller.toggle(index),
    setSelected: (indexes) => controller.setSelected(indexes),
    ...(props.submittable ? { submit: () => controller.submit() } : {}),
    // A controlled multi-select's parent may ignore onChange: the choices drawn after the call say.
    check: { byKeys: false, isChosen: (seen, index) => chosenIn(seen.node?.attrs.selected, index) },
  });
};

function chosenIn(selected: unknown, index: number): boolean | undefined {
  return Array.isArray(selected) ? selected.includes(index) : undefined;
}
