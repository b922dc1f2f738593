/**
 * The seed's surface, a tool per widget action, with a content block per part of an answer: what the
 * tests of derivation, listing, list_changed and answer parts read. The default (the stable surface,
 * one block) has its own tests: test/server/stable-surface.test.tsx.
 */
export const WIDGETS = { surface: 'widgets', answerBlocks: 'many' } as const;

/** What a session `s` with the built-in tools lists on the stable surface, in order (portable names). */
export function stableNames(s: string): string[] {
  return [
    'keyboard_press',
    'keyboard_type',
    'screen_read',
    'screen_wait_for',
    'focus_list',
    'focus_set',
    'focus_next',
    'focus_previous',
    'act',
  ].map((name) => `${s}_${name}`);
}
