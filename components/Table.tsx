import { useMemo } from 'react';
import { clamp } from './internal/clamp.js';
import { useKeys } from './internal/keys.js';
import { type Column, displayOrder, type Row, type Sort } from './internal/table-data.js';
import { useControllable, useLatest } from './internal/use-controllable.js';
import { useWidgetFocus } from './internal/use-widget-focus.js';
import { TableView } from './views/TableView.js';

export type { Column, Row, Sort, SortDirection } from './internal/table-data.js';

export interface TableProps {
  /** The widget id an agent addresses it by. Without one it is not exposed. */
  id?: string;
  columns: readonly Column[];
  rows: readonly Row[];
  /** The selected row's index in `rows`, when the parent owns it (controlled); -1 for none. */
  selectedIndex?: number;
  /** @default 0 when there are rows */
  defaultSelectedIndex?: number;
  /** The selection moved: the row and its index in `rows`. */
  onSelect?: (row: Row, index: number) => void;
  /** The sort, when the parent owns it (controlled). */
  sort?: Sort;
  /** @default unsorted */
  defaultSort?: Sort;
  onSortChange?: (sort: Sort) => void;
  /** Rows drawn at once; the view follows the selection. @default 10 */
  height?: number;
  /** Names it in the agent's tool descriptions. */
  label?: string;
  /** @default false */
  disabled?: boolean;
  /** @default false */
  autoFocus?: boolean;
}

/**
 * Rows under a header: ↑/↓ (PageUp/PageDown) move the selection while focused, 1–9 sort by that
 * column (again: reverse). Agent actions: `select_row {index}`, `sort {column, direction}`,
 * `get_rows {offset?, limit?}` — indexes count rows in display (sorted) order.
 */
export function Table({
  columns,
  rows,
  height = 10,
  disabled = false,
  autoFocus = false,
  ...props
}: TableProps) {
  const onSelect = useLatest(props.onSelect);
  const [selected, setSelected] = useControllable(
    props.selectedIndex,
    props.defaultSelectedIndex ?? (rows.length > 0 ? 0 : -1),
    (index: number) => rows[index] && onSelect.current?.(rows[index], index),
  );
  const [sort, setSort, getSort] = useControllable<Sort | undefined>(
    props.sort,
    props.defaultSort,
    props.onSortChange as ((sort: Sort | undefined) => void) | undefined,
  );
  const order = useMemo(() => displayOrder(rows, sort), [rows, sort]);
  const at = order.indexOf(selected);
  const controller = useMemo(
    () => ({ selectRow: setSelected, sort: (next: Sort) => setSort(next) }),
    [setSelected, setSort],
  );
  const { focused } = useWidgetFocus({ autoFocus, disabled });
  useKeys(
    (input, key) => {
      const step = key.upArrow ? -1 : key.downArrow ? 1 : key.pageUp ? -height : key.pageDown ? height : 0;
      if (step !== 0 && rows.length > 0) {
        // The order of the newest sort (a digit earlier in the same chunk may have changed it).
        const newest = getSort() === sort ? order : displayOrder(rows, getSort());
        setSelected((previous) => newest[clamp(newest.indexOf(previous) + step, 0, newest.length - 1)]!);
      }
      const column = /^[1-9]$/.test(input) ? columns[Number(input) - 1] : undefined;
      if (column)
        setSort((previous) => {
          const again = previous?.column === column.key && previous.direction === 'asc';
          return { column: column.key, direction: again ? 'desc' : 'asc' };
        });
      return undefined;
    },
    { isActive: focused },
  );
  return (
    <TableView
      id={props.id}
      label={props.label}
      columns={columns}
      rows={rows}
      order={order}
      selected={at}
      sort={sort}
      height={height}
      focused={focused}
      disabled={disabled}
      controller={controller}
    />
  );
}
