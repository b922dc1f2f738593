import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Row, Table } from '../../components/index.js';
import { app, closeApps, KEY, resultOf } from './helpers.js';

afterEach(closeApps);

const COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'age', label: 'Age' },
];
const PEOPLE = [
  { name: 'Carol', age: 41 },
  { name: 'alice', age: 9 },
  { name: 'Bob', age: 100 },
];

function People({ disabled = false, height = 10 }: { disabled?: boolean; height?: number }) {
  const [picked, setPicked] = useState<Row | null>(null);
  return (
    <Box flexDirection="column">
      <Table
        id="people"
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        onSelect={(row) => setPicked(row)}
        height={height}
        disabled={disabled}
        autoFocus
      />
      <Text>picked={picked ? String(picked.name) : 'none'}</Text>
    </Box>
  );
}

type Rows = { rows: { index: number; row: { name: string } }[]; total: number; selected: number | null };
const namesOf = (value: unknown) => (value as Rows).rows.map((r) => r.row.name);

describe('Table', () => {
  it('is sorted, paged and selected by an agent, by display position', async () => {
    const a = app(<People />);
    expect(a.tools()).toEqual(['people.select_row', 'people.sort', 'people.get_rows']);
    await a.call('people.sort', { column: 'age', direction: 'desc' });
    expect(namesOf(resultOf(await a.call('people.get_rows')))).toEqual(['Bob', 'Carol', 'alice']);
    expect(a.screen()).toContain('Age ▼');
    await a.call('people.sort', { column: 'Name', direction: 'asc' });
    const page = resultOf(await a.call('people.get_rows', { offset: 1, limit: 1 }));
    expect(page).toMatchObject({ total: 3, offset: 1, rows: [{ index: 1, row: { name: 'Bob', age: 100 } }] });
    // Carol (the first row) is selected from the start; sorted by name she is third.
    expect(resultOf(await a.call('people.get_rows'))).toMatchObject({ selected: 2 });
    await a.call('people.select_row', { index: 1 });
    expect(a.screen()).toContain('picked=Bob');
    expect(resultOf(await a.call('people.get_rows'))).toMatchObject({
      selected: 1,
      sort: { column: 'name', direction: 'asc' },
    });
  });

  it('answers errors that say what is allowed', async () => {
    const a = app(<People />);
    const row = await a.call('people.select_row', { index: 3 });
    expect(row.ok ? '' : row.error.message).toContain('no row at index 3: valid indexes are 0 to 2');
    const column = await a.call('people.sort', { column: 'email', direction: 'asc' });
    expect(column.ok ? '' : column.error.message).toContain(
      'has no column "email": the columns are "Name", "Age"',
    );
    const direction = await a.call('people.sort', { column: 'age', direction: 'up' });
    expect(direction).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const page = await a.call('people.get_rows', { offset: 4 });
    expect(page.ok ? '' : page.error.message).toContain('offset 4 is outside the table "People": use 0 to 3');
    const limit = await a.call('people.get_rows', { limit: 0 });
    expect(limit.ok ? '' : limit.error.message).toContain('use 1 to 100');
  });

  it('is used by a person: ↓/↑ select, digits sort (again: reverse)', async () => {
    const a = app(<People />);
    await a.keys(KEY.down, KEY.down, KEY.up);
    expect(a.screen()).toContain('picked=alice');
    await a.keys('2', '2');
    expect(namesOf(resultOf(await a.call('people.get_rows')))).toEqual(['Bob', 'Carol', 'alice']);
    expect(resultOf(await a.call('people.get_rows'))).toMatchObject({ selected: 2 });
  });

  it('shows a window of rows that follows the selection', async () => {
    const a = app(<People height={1} />);
    await a.call('people.select_row', { index: 2 });
    expect(a.screen()).toContain('Bob');
    expect(a.screen()).not.toContain('Carol');
    expect(a.screen()).toContain('rows 3–3 of 3');
  });

  it('offers nothing while disabled', async () => {
    const a = app(<People disabled />);
    expect(a.tools()).toEqual([]);
  });
});
