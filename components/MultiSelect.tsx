import { useMemo } from 'react';
import { clamp } from './internal/clamp.js';
import { useKeys } from './internal/keys.js';
import type { Option } from './internal/options.js';
import { useControllable, useLatest } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { MultiSelectView } from './views/MultiSelectView.js';

export interface MultiSelectProps<V = string> {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  options: readonly Option<V>[];
  /** The chosen values, when the parent owns them (controlled). */
  value?: readonly V[];
  /** The starting choice of an uncontrolled multi-select. @default [] */
  defaultValue?: readonly V[];
  onChange?: (value: V[]) => void;
  /** Enter (or an agent's `submit`). */
  onSubmit?: (value: V[]) => void;
  label?: string;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

const NONE: readonly never[] = [];

/**
 * Several choices: ↑/↓ move the highlight while focused, Space toggles it, Enter submits. Agent
 * actions: `toggle_option {value}`, `set_selected {values}`, `get_selected` (and `submit` with `onSubmit`).
 */
export function MultiSelect<V = string>({
  options,
  disabled = false,
  autoFocus = false,
  ...props
}: MultiSelectProps<V>) {
  const [value, setValue, getValue] = useControllable<readonly V[]>(
    props.value,
    props.defaultValue ?? NONE,
    props.onChange as ((value: readonly V[]) => void) | undefined,
  );
  const [highlight, setHighlight, getHighlight] = useControllable(undefined, 0, undefined);
  const last = options.length - 1;
  const shown = clamp(highlight, 0, last);
  const submitRef = useLatest(props.onSubmit);
  const optionsRef = useLatest(options);
  const controller = useMemo(() => {
    const chosen = () =>
      optionsRef.current.flatMap((o, i) => (getValue().some((v) => Object.is(v, o.value)) ? [i] : []));
    // Values in options order, whatever order they were picked in.
    const setSelected = (indexes: readonly number[]) =>
      setValue(optionsRef.current.flatMap((o, i) => (indexes.includes(i) ? [o.value] : [])));
    return {
      setSelected,
      toggle: (index: number) => {
        const now = chosen();
        setSelected(now.includes(index) ? now.filter((i) => i !== index) : [...now, index]);
      },
      submit: () => submitRef.current?.([...getValue()]),
    };
  }, [setValue, getValue, submitRef, optionsRef]);
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (input, key) => {
      const step = key.upArrow ? -1 : key.downArrow ? 1 : 0;
      if (step !== 0) setHighlight((previous) => clamp(clamp(previous, 0, last) + step, 0, last));
      const at = clamp(getHighlight(), 0, last);
      if (input === ' ' && options[at]) controller.toggle(at);
      if (!key.return) return undefined;
      controller.submit();
      return 'handed-over';
    },
    { isActive: focused },
  );
  return (
    <MultiSelectView
      id={props.id}
      label={props.label}
      options={options}
      selected={options.flatMap((o, index) => (value.some((v) => Object.is(v, o.value)) ? [index] : []))}
      highlight={shown}
      focused={focused}
      disabled={disabled}
      submittable={props.onSubmit !== undefined}
      controller={controller}
    />
  );
}
