import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  nameSegments,
  sessionOf,
  sessionToolName,
  toolName,
  underscored,
  widgetActionName,
  widgetOfAction,
} from '../src/walker/tool-name.js';

/**
 * The naming rule has one home (src/walker/tool-name.ts): no other file of src/ builds a canonical
 * name from its segments or takes one apart. Checked on the source text, as test/layers.test.ts
 * checks the layers, so a name assembled by hand anywhere fails here.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const HOME = 'src/walker/tool-name.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Code that joins interpolations with a dot, or splits or rewrites on dots. */
const BY_HAND: readonly [string, RegExp][] = [
  // Names and ids on both sides (`${session}.${widget}`), not a sentence's end before a clause.
  ['joins segments with "."', /\$\{[\w.?]+\}\.\$\{[\w.?]+\}/],
  ['splits on "."', /\.split\(\s*'\.'/],
  ['looks for the last "."', /\.lastIndexOf\(\s*'\.'/],
  ["rewrites dots as '_'", /\.replaceAll\(\s*'\.'\s*,\s*'_'\s*\)/],
];

describe('the naming rule', () => {
  it(`no file of src/ but ${HOME} builds or splits a canonical name`, () => {
    const wrong: string[] = [];
    for (const file of files(join(root, 'src'))) {
      const where = relative(root, file);
      if (where === HOME) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/)/.test(line)) return; // comments may show a name
          for (const [what, pattern] of BY_HAND)
            if (pattern.test(line)) wrong.push(`${where}:${i + 1} ${what}`);
        });
    }
    expect(wrong).toEqual([]);
  });

  it('builds and takes apart names', () => {
    expect(toolName('todo', 'list', 'add_item')).toBe('todo.list.add_item');
    expect(sessionToolName('todo', 'keyboard.press')).toBe('todo.keyboard.press');
    expect(widgetActionName('list', 'add_item')).toBe('list.add_item');
    expect(widgetOfAction('list.add_item')).toBe('list');
    expect(sessionOf('todo.list.add_item')).toBe('todo');
    expect(sessionOf('plain')).toBe('plain');
    expect(nameSegments('todo.keyboard.press')).toEqual(['todo', 'keyboard', 'press']);
    expect(underscored('todo.list.add_item')).toBe('todo_list_add_item');
  });
});
