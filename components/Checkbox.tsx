import { useMemo } from 'react';
import { useKeys } from './internal/keys.js';
import { useControllable } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { CheckboxView } from './views/CheckboxView.js';

export interface CheckboxProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  label: string;
  /** Controlled state; leave it out to let the checkbox keep its own. */
  checked?: boolean;
  /** @default false */
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/** A checkbox: Space or Enter toggles it while focused. Agent actions: `toggle`, `set {checked}`, `get_checked`. */
export function Checkbox({
  defaultChecked = false,
  disabled = false,
  autoFocus = false,
  ...props
}: CheckboxProps) {
  const [checked, setChecked] = useControllable(props.checked, defaultChecked, props.onChange);
  const controller = useMemo(() => ({ setChecked }), [setChecked]);
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (input, key) => {
      if (input === ' ' || key.return) setChecked((previous) => !previous);
      return undefined;
    },
    { isActive: focused },
  );
  return (
    <CheckboxView
      id={props.id}
      label={props.label}
      checked={checked}
      focused={focused}
      disabled={disabled}
      controller={controller}
    />
  );
}
