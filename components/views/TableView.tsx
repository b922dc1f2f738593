import { Box, Text } from 'ink';
import { z } from 'zod';
import type { ActionSpec } from '../../src/index.js';
import { action } from '../internal/action.js';
import { checkIndex, fail, listSome, nameOf } from '../internal/fail.js';
import { stateChecked } from '../internal/state-effect.js';
import {
  type Column,
  cellText,
  findColumn,
  fitWidth,
  labelOf,
  type Row,
  type Sort,
  widthsOf,
  windowStart,
} from '../internal/table-data.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface TableViewProps {
  id: string | undefined;
  label: string | undefined;
  columns: readonly Column[];
  rows: readonly Row[];
  /** Indexes into `rows`, in display order. */
  order: readonly number[];
  /** The selected row's display position, or -1. */
  selected: number;
  sort: Sort | undefined;
  height: number;
  focused: boolean;
  disabled: boolean;
  controller: { selectRow(rowIndex: number): void; sort(sort: Sort): void };
}

const SELECT = z.object({
  index: z.number().int().describe('The row position in display order, from 0 (see get_rows)'),
});
const SORT = z.object({
  column: z.string().describe('The column key or label'),
  direction: z.enum(['asc', 'desc']).describe('asc: smallest first; desc: largest first'),
});
const PAGE = z.object({
  offset: z.number().int().optional().describe('The first row position to read. Default 0'),
  limit: z.number().int().optional().describe('How many rows to read, 1 to 100. Default 20'),
});

/** A table as drawn, and the agent's actions on it (its node has `type: 'Table'`). */
export function TableView({
  columns,
  rows,
  order,
  selected,
  sort,
  height,
  focused,
  disabled,
}: TableViewProps) {
  const widths = widthsOf(columns, rows);
  const start = windowStart(Math.max(0, selected), order.length, height);
  const line = (cells: string[]) => cells.map((cell, i) => fitWidth(cell, widths[i]!)).join(' ');
  const arrow = (column: Column) =>
    sort?.column === column.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <Box flexDirection="column">
      <Text bold dimColor={disabled}>
        {'  '}
        {line(columns.map((column) => labelOf(column) + arrow(column)))}
      </Text>
      {order.slice(start, start + height).map((rowIndex, i) => {
        const mine = start + i === selected;
        return (
          <Text
            key={rowIndex}
            dimColor={disabled}
            inverse={mine && focused}
            color={mine ? 'cyan' : undefined}
          >
            {focusMark(mine && focused)}{' '}
            {line(columns.map((column) => cellText(rows[rowIndex]![column.key])))}
          </Text>
        );
      })}
      {order.length > height ? (
        <Text
          dimColor
        >{`  rows ${start + 1}–${Math.min(start + height, order.length)} of ${order.length}`}</Text>
      ) : null}
    </Box>
  );
}

TableView.mcpType = 'Table';

TableView.mcpTools = (props: TableViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { columns, rows, order, controller } = props;
  const table = nameOf(props.label, props.id, 'table');
  const cells = (row: Row) =>
    Object.fromEntries(columns.map((column) => [column.key, row[column.key] ?? null]));
  return [
    action({
      name: 'select_row',
      description: `Select a row of ${table} by its position as get_rows lists them.`,
      inputSchema: SELECT,
      run: ({ index }, call) => {
        const row = order[checkIndex(index, order.length, 'row')]!;
        // A controlled table's parent may ignore onSelect: the selection drawn after the call says.
        return stateChecked(call, () => controller.selectRow(row), {
          holds: (seen) =>
            typeof seen.node?.attrs.selected === 'number' ? seen.node.attrs.selected === index : undefined,
          did: `passed row ${index} to the onSelect of ${table}`,
          shows: (seen) =>
            seen.node?.attrs.selected === -1
              ? 'no row is selected'
              : `row ${String(seen.node?.attrs.selected)} is selected`,
        });
      },
    }),
    action({
      name: 'sort',
      description: `Sort ${table} by a column: ${listSome(columns.map(labelOf))}.`,
      inputSchema: SORT,
      run: ({ column, direction }, call) => {
        const key = findColumn(columns, column).key;
        return stateChecked(call, () => controller.sort({ column: key, direction }), {
          holds: (seen) => {
            const sort = seen.node?.attrs.sort as Sort | undefined;
            return sort?.column === key && sort.direction === direction;
          },
          did: `passed the sort by ${JSON.stringify(key)} (${direction}) to the onSortChange of ${table}`,
          shows: (seen) => {
            const sort = seen.node?.attrs.sort as Sort | undefined;
            return sort
              ? `it is sorted by ${JSON.stringify(sort.column)} (${sort.direction})`
              : 'it is not sorted';
          },
        });
      },
    }),
    action({
      name: 'get_rows',
      description: `Read rows of ${table} in display order, with the selection and the sort.`,
      inputSchema: PAGE,
      run: ({ offset = 0, limit = 20 }) => {
        if (offset < 0 || offset > order.length)
          fail(`offset ${offset} is outside ${table}: use 0 to ${order.length}`);
        if (limit < 1 || limit > 100) fail(`limit ${limit} is not allowed: use 1 to 100`);
        return {
          total: order.length,
          offset,
          rows: order
            .slice(offset, offset + limit)
            .map((rowIndex, i) => ({ index: offset + i, row: cells(rows[rowIndex]!) })),
          selected: props.selected === -1 ? null : props.selected,
          sort: props.sort ?? null,
          columns: columns.map((column) => ({ key: column.key, label: labelOf(column) })),
        };
      },
    }),
  ];
};
