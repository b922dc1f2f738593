import { isRecord, jsonText, redactDeep } from '../util/redact.js';
import { type IsSecret, REDACTED } from '../util/secret-names.js';

/** Secret values shorter than this are hidden where they are an argument, not searched for in text. */
export const MIN_SECRET_LENGTH = 4;

/** The most secret values a recording remembers to search for (the latest kept). */
const MAX_SECRETS = 512;

/**
 * The one redaction of a recording: everything the recorder writes (each line, each screen of the
 * cast) passes through `line` or `text` here, and nothing else is written.
 *
 * Two rules, applied together:
 * - by name (the watcher's rule too, `util/redact.ts`): a value under a name that looks secret
 *   (`util/secret-names.ts`), at any depth, in JSON text too, is written `[redacted]`;
 * - by value: every value hidden by name, and every value the recorder is told is secret (`secret`:
 *   the arguments of a `sensitive` tool, text typed into a field that holds a secret), is replaced
 *   with `[redacted]` wherever it appears later in anything written: an answer's text blocks, an
 *   error that echoes the argument, a consent question, a screen. Values shorter than
 *   MIN_SECRET_LENGTH are hidden only where they are named, not searched for: a short value would
 *   match ordinary text.
 */
export class RecordRedactor {
  readonly #isSecret: IsSecret;
  readonly #secrets = new Set<string>();
  /** Longest first, so a secret that contains another is replaced whole. */
  #ordered: string[] = [];

  constructor(isSecret: IsSecret) {
    this.#isSecret = isSecret;
  }

  /** Remembers a value that must not be written anywhere from now on. */
  secret(value: unknown): void {
    if (typeof value === 'number' || typeof value === 'bigint') value = String(value);
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || value === REDACTED) return;
    if (this.#secrets.has(value)) return;
    this.#secrets.add(value);
    if (this.#secrets.size > MAX_SECRETS) {
      const oldest = this.#secrets.values().next();
      if (!oldest.done) this.#secrets.delete(oldest.value);
    }
    this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  /** Every leaf of `value` (a sensitive call's arguments), remembered as a secret and written `[redacted]`. */
  allSecret(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.allSecret(item));
    if (typeof value === 'string') {
      const parsed = jsonText(value);
      if (parsed !== undefined) return JSON.stringify(this.allSecret(parsed.value));
    }
    if (isRecord(value))
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.allSecret(item)]));
    if (typeof value === 'string' || typeof value === 'number') {
      this.secret(value);
      return REDACTED;
    }
    return value;
  }

  /** A line (any JSON value) as it may be written: secrets found by name first, then every known secret replaced. */
  line<T>(value: T): T {
    this.#collect(value);
    return this.#redact(value) as T;
  }

  /** Text (a screen) as it may be written: every known secret replaced. */
  text(text: string): string {
    let out = text;
    for (const secret of this.#ordered) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** Remembers every value under a secret name, so that its copies elsewhere in the line are found too. */
  #collect(value: unknown): void {
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const at = stack.pop();
      if (typeof at === 'string') {
        const parsed = jsonText(at);
        if (parsed !== undefined) stack.push(parsed.value);
      } else if (Array.isArray(at)) stack.push(...at);
      else if (isRecord(at)) {
        for (const [key, item] of Object.entries(at)) {
          if (this.#isSecret(key, item)) this.allSecret(item);
          else stack.push(item);
        }
      }
    }
  }

  #redact(value: unknown): unknown {
    return redactDeep(value, this.#isSecret, (text) => this.text(text));
  }
}
