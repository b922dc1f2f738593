/**
 * The focus in words: the one wording of the `Focus:` line every answer carries, of `screen.read`
 * and of the `focus.*` tools' answers (issue #32: three wordings had drifted apart).
 */

/** What an agent reads while something could take focus and nothing has it. */
export const NOTHING_FOCUSED = 'nothing has focus (Tab, or focus.set, gives it)';

/**
 * The focused component's Ink focus id, quoted; with the widget that encloses it when that widget
 * has another id (`owner`); `NOTHING_FOCUSED` when `active` is undefined.
 */
export function focusWords(active: string | undefined, owner?: string): string {
  if (active === undefined) return NOTHING_FOCUSED;
  return owner === undefined || owner === active
    ? JSON.stringify(active)
    : `widget ${JSON.stringify(owner)} (Ink focus id ${JSON.stringify(active)})`;
}
