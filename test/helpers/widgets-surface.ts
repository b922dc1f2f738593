/**
 * The seed's surface, a tool per widget action, with a content block per part of an answer: what the
 * tests of derivation, listing, list_changed and answer parts read. The default (the stable surface,
 * one block) has its own tests: test/server/stable-surface.test.tsx.
 */
export const WIDGETS = { surface: 'widgets', answerBlocks: 'many' } as const;
