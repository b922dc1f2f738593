/**
 * The focus in words: the one wording of the `Focus:` line every answer carries, of `screen.read`
 * and of the `focus.*` tools' answers (issue #32: three wordings had drifted apart).
 */

/** What an agent reads while something could take focus and nothing has it. */
export const NOTHING_FOCUSED = 'nothing has focus (Tab, or focus.set, gives it)';

/**
 * How the Ink focus ids that ink-mcp's own widgets make begin (components/internal/use-widget-focus.ts):
 * one per widget, made up, and reached through `focus.set` by the widget's id as well.
 */
export const OWN_FOCUS_ID_PREFIX = 'ink-mcp';

/**
 * The focused component's Ink focus id, quoted; with the widget that encloses it when that widget
 * has another id (`owner`), the widget alone when the Ink id is one ink-mcp made (it means nothing to
 * an agent, and `focus.set` takes the widget's id); `NOTHING_FOCUSED` when `active` is undefined.
 */
export function focusWords(active: string | undefined, owner?: string): string {
  if (active === undefined) return NOTHING_FOCUSED;
  if (owner === undefined || owner === active) return JSON.stringify(active);
  if (active.startsWith(OWN_FOCUS_ID_PREFIX)) return `widget ${JSON.stringify(owner)}`;
  return `widget ${JSON.stringify(owner)} (Ink focus id ${JSON.stringify(active)})`;
}
