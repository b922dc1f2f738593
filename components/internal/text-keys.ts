import type { Key } from 'ink';

/**
 * What a key does to a one-line text field edited at its end: insert text, delete the last
 * character, submit, or nothing (navigation, Tab, Escape, Ctrl/Meta chords belong to the app).
 */
export type TextEdit = { kind: 'insert'; text: string } | { kind: 'delete' } | { kind: 'submit' } | null;

export function textEdit(input: string, key: Key): TextEdit {
  if (key.return) return { kind: 'submit' };
  if (key.backspace || key.delete) return { kind: 'delete' };
  if (key.ctrl || key.meta || key.tab || key.escape || key.upArrow || key.downArrow) return null;
  if (key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end) return null;
  return input === '' ? null : { kind: 'insert', text: input };
}

/** The text after an edit at its end (code points, so a deleted emoji goes whole). */
export function applyEdit(text: string, edit: { kind: 'insert'; text: string } | { kind: 'delete' }): string {
  if (edit.kind === 'insert') return text + edit.text;
  const chars = [...text];
  chars.pop();
  return chars.join('');
}
