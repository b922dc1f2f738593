import type { Splice, SpliceNotes } from '../../src/walker/splice-note.js';
import type { ViewNode } from '../../src/walker/types.js';

/** True when `list` is what its note says: `note.from` outside the range, item for item. */
export function spliceHolds(list: readonly unknown[], note: Splice): boolean {
  const { from, start, fromEnd, end } = note;
  if (start < 0 || start > fromEnd || start > end || from.length - fromEnd !== list.length - end)
    return false;
  for (let i = 0; i < start; i++) if (list[i] !== from[i]) return false;
  for (let i = 0; end + i < list.length; i++) if (list[end + i] !== from[fromEnd + i]) return false;
  return true;
}

/** Every list of `tree` (the forest and each node's children) whose splice note in `notes` is false. */
export function falseNotes(tree: readonly ViewNode[], notes: SpliceNotes): string[] {
  const wrong: string[] = [];
  const visit = (list: readonly ViewNode[], where: string) => {
    const note = notes.spliceOf(list);
    if (note !== undefined && !spliceHolds(list, note))
      wrong.push(
        `${where}: ${note.start}..${note.fromEnd} → ..${note.end} of ${note.from.length} → ${list.length}`,
      );
    list.forEach((node, i) => {
      visit(node.children, `${where}/${node.id ?? node.type}#${i}`);
    });
  };
  visit(tree, 'forest');
  return wrong;
}
