/**
 * The parts of an answer or a screen that change from run to run of the same session, masked: clock
 * times and dates, durations, later sessions' `_N` suffixes (of the ids given), UUIDs and long hex ids. One function for
 * replay, exported tests and the screen matchers, so that all three agree on what "the same" means.
 * Idempotent: masking a masked text changes nothing.
 */
export function maskVolatile(text: string, options: MaskOptions = {}): string {
  const masked = text
    // ISO 8601 timestamps first (they contain a clock time).
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
    .replace(/\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:\s?[AaPp][Mm])?\b/g, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b[0-9a-f]{16,}\b/gi, '<id>')
    // Milliseconds since 1970 (`Date.now()`, often an id): 13 digits, 2001 to 2286.
    .replace(/\b1\d{12}\b/g, '<time>')
    // Durations: "12 ms", "1.5 s", "340ms".
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|µs|ns)\b/g, '<ms>')
    .replace(/\b\d+(?:\.\d+)?\s?s\b(?=[\s).,;:]|$)/g, '<s>');
  // A later render's session (`app_2`): which number it gets depends on what rendered before.
  return (options.sessions ?? []).reduce(
    (text, id) => text.replace(new RegExp(`\\b${escapeRegExp(id)}_\\d{1,3}\\b`, 'g'), `${id}_<n>`),
    masked,
  );
}

export interface MaskOptions {
  /** Session ids whose later renders' `<id>_N` are masked (the N depends on what rendered before). */
  sessions?: readonly string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
