import { useMemo } from 'react';
import { clamp } from './internal/clamp.js';
import { useKeys } from './internal/keys.js';
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
  const [highlight, setHighlight, getHighlight] = useControllable(
    undefined,
    Math.max(0, selected),
    undefined,
  );
  const last = options.length - 1;
  const shown = clamp(highlight, 0, last);
  const controller = useMemo(
    () => ({
      select: (option: Option<unknown>, index: number) => {
        setHighlight(index);
        setValue(option.value as V);
      },
    }),
    [setValue, setHighlight],
  );
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (_input, key) => {
      const step = key.upArrow ? -1 : key.downArrow ? 1 : 0;
      if (step !== 0) setHighlight((previous) => clamp(clamp(previous, 0, last) + step, 0, last));
      const at = clamp(getHighlight(), 0, last);
      if (!key.return || !options[at]) return undefined;
      controller.select(options[at], at);
      return 'handed-over';
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
