import { type ReactNode, useMemo } from 'react';
import { clamp } from './internal/clamp.js';
import { useKeys } from './internal/keys.js';
import { useControllable } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { TabsView } from './views/TabsView.js';

export interface TabsProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** The tab labels, in order. */
  tabs: readonly string[];
  /** The active tab's index, when the parent owns it (controlled). */
  index?: number;
  /** @default 0 */
  defaultIndex?: number;
  onChange?: (index: number, label: string) => void;
  /** The active tab's content, drawn under the tab bar. */
  children?: ReactNode;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/**
 * A tab bar: ←/→ switch tabs while focused. Agent actions: `select_tab {index}` or `{label}`, `get_tabs`.
 */
export function Tabs({ tabs, defaultIndex = 0, disabled = false, autoFocus = false, ...props }: TabsProps) {
  const onChange = props.onChange;
  const [index, setIndex] = useControllable(
    props.index,
    defaultIndex,
    onChange && ((next: number) => onChange(next, tabs[next] ?? '')),
  );
  const active = clamp(index, 0, tabs.length - 1);
  const controller = useMemo(() => ({ select: (next: number) => setIndex(next) }), [setIndex]);
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (_input, key) => {
      const step = key.leftArrow ? -1 : key.rightArrow ? 1 : 0;
      const last = tabs.length - 1;
      if (step !== 0) setIndex((previous) => clamp(clamp(previous, 0, last) + step, 0, last));
      return undefined;
    },
    { isActive: focused },
  );
  return (
    <TabsView
      id={props.id}
      tabs={tabs}
      active={active}
      focused={focused}
      disabled={disabled}
      controller={controller}
    >
      {props.children}
    </TabsView>
  );
}
