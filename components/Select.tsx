import { useInput } from 'ink';
import { useMemo, useState } from 'react';
import { clamp } from './internal/clamp.js';
import { indexOfValue, type Option } from './internal/options.js';
import { useControllable } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { SelectView } from './views/SelectView.js';

export interface SelectProps<V = string> {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  options: readonly Option<V>[];
  /** The chosen value, when the parent owns it (controlled); leave it out to let the select keep its own. */
  value?: V;
  /** The starting choice of an uncontrolled select. */
  defaultValue?: V;
  onChange?: (value: V) => void;
  /** Names it in the agent's tool descriptions, and is shown above the options. */
  label?: string;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/**
 * A single choice: ↑/↓ move the highlight while focused, Enter chooses it. Agent actions:
 * `select {value}` or `{index}`, `get_options`, `get_selected`.
 */
export function Select<V = string>({
  options,
  disabled = false,
  autoFocus = false,
  ...props
}: SelectProps<V>) {
  const [value, setValue] = useControllable<V | undefined>(
    props.value,
    props.defaultValue,
    props.onChange as ((value: V | undefined) => void) | undefined,
  );
  const selected = value === undefined ? -1 : indexOfValue(options, value);
  const [highlight, setHighlight] = useState(Math.max(0, selected));
  const shown = clamp(highlight, 0, options.length - 1);
  const controller = useMemo(
    () => ({
      select: (option: Option<unknown>, index: number) => {
        setHighlight(index);
        setValue(option.value as V);
      },
    }),
    [setValue],
  );
  const focused = useWidgetFocus({ autoFocus, disabled });
  useInput(
    (_input, key) => {
      if (key.upArrow) setHighlight(clamp(shown - 1, 0, options.length - 1));
      else if (key.downArrow) setHighlight(clamp(shown + 1, 0, options.length - 1));
      else if (key.return && options[shown]) controller.select(options[shown], shown);
    },
    { isActive: focused },
  );
  return (
    <SelectView
      id={props.id}
      label={props.label}
      options={options}
      selected={selected}
      highlight={shown}
      focused={focused}
      disabled={disabled}
      controller={controller}
    />
  );
}
