import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md maps each rule to the one file that holds it, and names every other file of
 * src/ by folder: every file it names must exist, and every file of src/ must be named.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(`${root}docs/architecture.md`, 'utf8');

/** The table's rows: `| rule | what | home |`, the header and the separator left out. */
function rows(): { rule: string; files: string[] }[] {
  const table = doc.slice(doc.indexOf('## Rules and their homes'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| rule ') && !line.startsWith('|---'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const home = cells[3] ?? '';
      return {
        rule: cells[1] ?? '',
        files: [...home.matchAll(/`([^`\s]+\.(?:ts|tsx|mjs|md|json))`/g)].map((m) => m[1]!),
      };
    });
}

describe('docs/architecture.md', () => {
  it('has a table of rules, each with a home', () => {
    const table = rows();
    expect(table.length).toBeGreaterThan(20);
    for (const row of table) expect(row.files, `the rule "${row.rule}" names no file`).not.toEqual([]);
  });

  it('names only files that exist', () => {
    const missing = rows().flatMap(({ rule, files }) =>
      files.filter((file) => !existsSync(`${root}${file}`)).map((file) => `${rule}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives each rule one row', () => {
    const names = rows().map((row) => row.rule);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('names only files that exist, anywhere on the page (the routes, the folder index)', () => {
    const named = [...doc.matchAll(/`((?:src|test|components|docs|bench)\/[^`\s]+\.(?:ts|tsx|md))`/g)].map(
      (m) => m[1]!,
    );
    expect(named.length).toBeGreaterThan(200);
    expect([...new Set(named.filter((file) => !existsSync(join(root, file))))]).toEqual([]);
  });

  it('names every file of src/, so that a newcomer finds any of them on this page', () => {
    const named = new Set([...doc.matchAll(/`(src\/[^`\s]+\.tsx?)`/g)].map((m) => m[1]!));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
      );
    const unnamed = files(join(root, 'src')).filter((file) => /\.tsx?$/.test(file) && !named.has(file));
    expect(unnamed, 'add each to a rule of docs/architecture.md, or to its folder index').toEqual([]);
  });
});
