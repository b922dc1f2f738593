import { type IsSecret, REDACTED } from './secret-names.js';

/**
 * Redaction by name, the one rule: `value` with every value under a name that looks secret (deep)
 * written `[redacted]`; inside JSON text too (the stable surface's `act` takes the action's
 * arguments as JSON text, with or without leading spaces). What a watcher is shown of a call
 * (src/session/watch-feed.ts) and what a recording writes (src/render/record-redaction.ts, which
 * adds redaction by value through `leaf`).
 *
 * `leaf` rewrites every other string (a recording replaces the secret values it knows there).
 */
export function redactDeep(
  value: unknown,
  isSecret: IsSecret,
  leaf: (text: string) => string = (text) => text,
): unknown {
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, isSecret, leaf));
  if (typeof value === 'string') {
    const parsed = jsonText(value);
    if (parsed !== undefined) {
      const redacted = redactDeep(parsed.value, isSecret, leaf);
      if (JSON.stringify(redacted) !== JSON.stringify(parsed.value)) return JSON.stringify(redacted);
    }
    return leaf(value);
  }
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecret(key, item) ? REDACTED : redactDeep(item, isSecret, leaf),
    ]),
  );
}

/** A string that is JSON object or array text (spaces around it allowed), parsed. */
export function jsonText(text: string): { value: unknown } | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
