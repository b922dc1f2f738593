import { Box, Text } from 'ink';
import type { ActionSpec } from '../../src/index.js';
import { choiceActions } from '../actions/choice.js';
import { nameOf } from '../internal/fail.js';
import type { Option } from '../internal/options.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface SelectViewProps {
  id: string | undefined;
  label: string | undefined;
  options: readonly Option<unknown>[];
  /** Index of the chosen option, or -1. */
  selected: number;
  highlight: number;
  focused: boolean;
  disabled: boolean;
  controller: { select(option: Option<unknown>, index: number): void };
}

/** A select as drawn, and the agent's actions on it (its node has `type: 'Select'`). */
export function SelectView({ label, options, selected, highlight, focused, disabled }: SelectViewProps) {
  return (
    <Box flexDirection="column">
      {label ? <Text dimColor={disabled}>{label}</Text> : null}
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a position in the props' own list is its identity
        <Text key={index} dimColor={disabled} color={focused && index === highlight ? 'cyan' : undefined}>
          {focusMark(focused && index === highlight)}
          {index === selected ? '(•)' : '( )'} {option.label}
        </Text>
      ))}
    </Box>
  );
}

SelectView.mcpType = 'Select';

SelectView.mcpTools = (props: SelectViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { options, controller } = props;
  return choiceActions({
    widget: nameOf(props.label, props.id, 'select'),
    options,
    selected: props.selected,
    select: (index) => controller.select(options[index]!, index),
    // A controlled select's parent may ignore onChange: the choice drawn after the call says.
    check: { byKeys: false, chosen: (seen) => indexOf(seen.node?.attrs.selected) },
  });
};

function indexOf(selected: unknown): number | undefined {
  return typeof selected === 'number' ? selected : undefined;
}
