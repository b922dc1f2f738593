import { Children, type ReactNode, useMemo } from 'react';
import { clamp } from './internal/clamp.js';
import { useKeys } from './internal/keys.js';
import { useControllable } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { ScrollViewport } from './views/ScrollViewport.js';

export interface ScrollViewProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  /** One line each: the rows to scroll through. Rows out of view are not rendered (nor are their tools). */
  children?: ReactNode;
  /** Rows shown at once. */
  height: number;
  /** The first row shown, when the parent owns it (controlled). */
  offset?: number;
  /** @default 0 */
  defaultOffset?: number;
  onScroll?: (offset: number) => void;
  label?: string;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/**
 * A window over rows: ↑/↓, PageUp/PageDown, Home/End scroll while focused. Agent actions:
 * `scroll_to {row}`, `get_visible_range`.
 */
export function ScrollView({
  height,
  defaultOffset = 0,
  disabled = false,
  autoFocus = false,
  ...props
}: ScrollViewProps) {
  const rows = Children.toArray(props.children);
  const last = Math.max(0, rows.length - height);
  const [offset, setOffset] = useControllable(props.offset, defaultOffset, props.onScroll);
  const top = clamp(offset, 0, last);
  const controller = useMemo(() => ({ scrollTo: (first: number) => setOffset(first) }), [setOffset]);
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (_input, key) => {
      const moved = (from: number) =>
        key.upArrow
          ? from - 1
          : key.downArrow
            ? from + 1
            : key.pageUp
              ? from - height
              : key.pageDown
                ? from + height
                : key.home
                  ? 0
                  : key.end
                    ? last
                    : from;
      setOffset((previous) => {
        const from = clamp(previous, 0, last);
        const next = clamp(moved(from), 0, last);
        return next === from ? previous : next;
      });
      return undefined;
    },
    { isActive: focused },
  );
  return (
    <ScrollViewport
      id={props.id}
      label={props.label}
      offset={top}
      height={height}
      total={rows.length}
      focused={focused}
      disabled={disabled}
      controller={controller}
    >
      {rows.slice(top, top + height)}
    </ScrollViewport>
  );
}
