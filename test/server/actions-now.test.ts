/** The wording of "Actions now": lines as short as they can be, and a change or the whole list. */

import { describe, expect, it } from 'vitest';
import { actionLines, actionsChangeText, allActionsText } from '../../src/server/actions-now.js';
import { toolDef } from '../registry/fixtures.js';

const told = (lines: ReturnType<typeof actionLines>) => new Map(lines.map((l) => [l.key, l.line]));
const text = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
/** Actions present before and after, so that a change is shorter than the whole list. */
const steady = () =>
  ['keep', 'hold', 'stay', 'rest'].map((a) => toolDef('s', 'z', a, { description: 'Stays as it is.' }));
const index = { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] };

describe('actions now', () => {
  it('writes a string argument as its bare name, leaves out empty arguments, marks approval', () => {
    const lines = actionLines([
      toolDef('s', 'box', 'type_into', { description: 'Replace the text. More words.', inputSchema: text }),
      toolDef('s', 'list', 'remove', {
        description: null,
        inputSchema: index,
        annotations: { destructiveHint: true },
      }),
      toolDef('s', 'list', 'peek', { description: 'Look.', annotations: { readOnlyHint: true } }),
    ]);
    expect(lines.map((l) => l.line)).toEqual([
      'box.type_into {text}: Replace the text.',
      'list.remove {index: integer} (needs approval)',
      'list.peek (read-only): Look.',
    ]);
  });

  it('says what came, went or changed; one line when nothing did; undefined when the change is longer than the list', () => {
    const before = actionLines([
      toolDef('s', 'a', 'one', { description: 'One.' }),
      toolDef('s', 'a', 'two', { description: 'Two.' }),
      toolDef('s', 'b', 'three', { description: 'Three.' }),
      ...steady(),
    ]);
    expect(actionsChangeText(before, told(before), 's_act', 's_screen_read', 's')).toBe(
      'Actions now: as before (7; s_screen_read lists all).',
    );
    const after = actionLines([
      toolDef('s', 'a', 'one', { description: 'One.' }),
      toolDef('s', 'a', 'two', { description: 'Two.', annotations: { sensitive: true } }),
      toolDef('s', 'c', 'four', { description: 'Four.' }),
      ...steady(),
    ]);
    expect(actionsChangeText(after, told(before), 's_act', 's_screen_read', 's')).toBe(
      'Actions now, what changed (7 in all; s_screen_read lists all):\n' +
        'a.two (needs approval): Two.\nc.four: Four.\ngone: b.three',
    );
    // Everything new: the change says more than the whole list would.
    const other = actionLines([toolDef('s', 'x', 'y', { description: 'Why.' })]);
    expect(actionsChangeText(other, told(before), 's_act', 's_screen_read', 's')).toBeUndefined();
    expect(allActionsText(other, 's_act', 's')).toBe('Actions now (do one with s_act):\nx.y: Why.');
  });

  it('keeps both of two widgets with one id, and says when none is left', () => {
    const twice = actionLines([toolDef('s', 'a', 'go'), toolDef('s', 'a', 'go')]);
    expect(twice.map((l) => l.key)).toEqual(['a.go', 'a.go#2']);
    expect(actionsChangeText([], told(twice), 's_act', 's_screen_read', 's')).toMatch(/gone: a\.go$/);
    expect(actionsChangeText([], new Map(), 's_act', 'r', 's')).toBe(
      'Actions now: none, as before; use the keyboard and screen tools.',
    );
  });

  it('names a widget whose actions all went once, with how many; a widget that keeps some, action by action', () => {
    const before = actionLines([
      ...['type_into', 'append', 'clear'].map((a) => toolDef('s', 'edit', a, { description: 'Edit.' })),
      toolDef('s', 'list', 'add', { description: 'Add.' }),
      toolDef('s', 'list', 'drop', { description: 'Drop.' }),
      ...steady(),
      ...steady().map((t) => toolDef('s', 'y', t.action, { description: 'Stays too.' })),
    ]);
    const after = actionLines([
      toolDef('s', 'list', 'add', { description: 'Add.' }),
      ...steady(),
      ...steady().map((t) => toolDef('s', 'y', t.action, { description: 'Stays too.' })),
    ]);
    expect(actionsChangeText(after, told(before), 's_act', 's_screen_read', 's')).toBe(
      'Actions now, what changed (9 in all; s_screen_read lists all):\ngone: edit (all 3 actions), list.drop',
    );
  });
});
