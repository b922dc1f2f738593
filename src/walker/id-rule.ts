/**
 * The id rule, in one place: what a session or widget id (a segment of a tool name) may be, as a
 * pattern and in the words every refusal uses. `isId` (src/walker/ids.ts) tests it; resource URIs
 * (src/server/resources.ts) and connection file names (src/render/connection-info.ts) embed it.
 */

/** The longest id: a tool name (`session.widget.action`) stays within the SDK's 128 characters. */
export const MAX_ID_LENGTH = 32;
/** An id as a regular expression source, unanchored: 1–32 of [A-Za-z0-9_-]. */
export const ID_SOURCE = `[A-Za-z0-9_-]{1,${MAX_ID_LENGTH}}`;
/** The rule in words, for refusals: "an id must be " + ID_RULE. */
export const ID_RULE = `1-${MAX_ID_LENGTH} characters of [A-Za-z0-9_-]`;
