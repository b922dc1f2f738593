import { fail, listSome } from './fail.js';

/** A column of a Table: which key of each row it shows. */
export interface Column {
  key: string;
  /** The header. @default the key */
  label?: string;
  /** Characters wide. @default the widest of header and cells, at most 40 */
  width?: number;
}

export type Row = Readonly<Record<string, unknown>>;

export type SortDirection = 'asc' | 'desc';

export interface Sort {
  /** A column key. */
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Row indexes in display order: sorted by the column (numbers as numbers, text naturally), stable. */
export function displayOrder(rows: readonly Row[], sort: Sort | undefined): number[] {
  const order = rows.map((_, index) => index);
  if (!sort) return order;
  const sign = sort.direction === 'desc' ? -1 : 1;
  return order.sort((a, b) => sign * compareCells(rows[a]![sort.column], rows[b]![sort.column]) || a - b);
}

function compareCells(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(cellText(a), cellText(b));
}

export function cellText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

export function labelOf(column: Column): string {
  return column.label ?? column.key;
}

export function widthsOf(columns: readonly Column[], rows: readonly Row[]): number[] {
  return columns.map(
    (column) =>
      column.width ??
      Math.min(
        40,
        Math.max(labelOf(column).length + 2, ...rows.map((row) => cellText(row[column.key]).length)),
      ),
  );
}

/** Text cut or padded to `width` characters. */
export function fitWidth(text: string, width: number): string {
  const chars = [...text];
  return chars.length > width ? `${chars.slice(0, Math.max(0, width - 1)).join('')}…` : text.padEnd(width);
}

/** The column an agent names by key or by label, failing with the ones there are. */
export function findColumn(columns: readonly Column[], name: string): Column {
  const found =
    columns.find((column) => column.key === name) ??
    columns.find((column) => labelOf(column).toLowerCase() === name.trim().toLowerCase());
  if (!found)
    fail(
      `the table has no column ${JSON.stringify(name)}: the columns are ${listSome(columns.map(labelOf), 20)}`,
    );
  return found;
}

/** The first row shown so that `selected` is on screen, about mid-window. */
export function windowStart(selected: number, total: number, height: number): number {
  return Math.max(0, Math.min(selected - Math.floor(height / 2), total - height));
}
