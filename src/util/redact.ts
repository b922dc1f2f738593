import { type IsSecret, REDACTED } from './secret-names.js';

/**
 * `value` with every value under a name that looks secret (deep) written `[redacted]`; inside JSON
 * text too (the stable surface's `act` takes the action's arguments as JSON text). What a recording
 * and a watcher show of a call's arguments.
 */
export function redactDeep(value: unknown, isSecret: IsSecret): unknown {
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, isSecret));
  if (typeof value === 'string' && value.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
    const redacted = redactDeep(parsed, isSecret);
    return JSON.stringify(redacted) === JSON.stringify(parsed) ? value : JSON.stringify(redacted);
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecret(key, item) ? REDACTED : redactDeep(item, isSecret),
    ]),
  );
}
