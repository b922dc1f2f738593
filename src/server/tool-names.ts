import { createHash } from 'node:crypto';
import { underscored } from '../walker/tool-name.js';

/**
 * How a server lists tool names. `'portable'`: segments joined by `_`, at most 64 characters, which
 * every client and LLM function-calling API accepts. `'dotted'`: the canonical `session.widget.action`.
 */
export type ListedNameStyle = 'dotted' | 'portable';

/** The longest portable name: the strictest client (Claude Desktop) accepts `^[a-zA-Z0-9_-]{1,64}$`. */
export const PORTABLE_MAX_LENGTH = 64;
/** Hex digits of the suffix that sets a truncated or colliding name apart (a longer one if even that collides). */
const HASH_LENGTHS = [8, 16] as const;
/** Past this many remembered names, the ones of tools gone from the registry are forgotten. */
const MAX_REMEMBERED = 4096;

/** The first `length` hex digits of the SHA-256 of `text`: the same input always gives the same suffix. */
export function shortHash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** `base` with `_<hash>` appended, cut so that the whole stays within the portable limit. */
function withHash(base: string, hash: string): string {
  const room = PORTABLE_MAX_LENGTH - hash.length - 1;
  return `${base.length > room ? base.slice(0, room) : base}_${hash}`;
}

/**
 * A server's table of listed names, shared by all its connections, so every client is listed the same
 * names. A tool keeps the name it was first listed under, so names are stable across listings; a
 * portable name that is too long or already taken gets a short hash of the canonical name as suffix,
 * so two tools never share a listed name.
 */
export class ToolNames {
  readonly style: ListedNameStyle;
  readonly #listedOf = new Map<string, string>();
  readonly #canonicalOf = new Map<string, string>();

  constructor(style: ListedNameStyle) {
    this.style = style;
  }

  /** `listed`, as a function made once (a call hands it on). */
  readonly lister = (canonical: string): string => this.listed(canonical);

  /** The name a canonical name is listed under (assigned on first use). */
  listed(canonical: string): string {
    if (this.style === 'dotted') return canonical;
    const known = this.#listedOf.get(canonical);
    if (known !== undefined) return known;
    const name = this.#assign(canonical);
    this.#listedOf.set(canonical, name);
    this.#canonicalOf.set(name, canonical);
    return name;
  }

  /** The canonical name `listed` was listed for, if it was (portable style only). */
  canonicalOf(listed: string): string | undefined {
    return this.#canonicalOf.get(listed);
  }

  /**
   * Assigns names to tools in listing order (so the first of two colliding tools keeps the plain
   * name) and forgets the names of long-gone tools once the table grows large.
   */
  refresh(current: readonly string[]): void {
    if (this.style === 'dotted') return;
    for (const canonical of current) this.listed(canonical);
    if (this.#listedOf.size <= MAX_REMEMBERED) return;
    const present = new Set(current);
    for (const [canonical, name] of this.#listedOf) {
      if (present.has(canonical)) continue;
      this.#listedOf.delete(canonical);
      this.#canonicalOf.delete(name);
    }
  }

  /**
   * The canonical name a called name means: the listed name, the canonical name itself, or the
   * canonical name with its dots written as `_` (what clients that rewrite dots call). Undefined when
   * none (or, for the last form, more than one) matches.
   */
  resolve(called: string, current: readonly string[]): string | undefined {
    this.refresh(current);
    const listed = this.#canonicalOf.get(called);
    if (listed !== undefined) return listed;
    if (current.includes(called)) return called;
    let match: string | undefined;
    for (const canonical of current) {
      if (underscored(canonical) !== called) continue;
      if (match !== undefined) return undefined; // ambiguous: let the caller suggest both
      match = canonical;
    }
    return match;
  }

  #assign(canonical: string): string {
    const base = underscored(canonical);
    const candidates = [
      ...(base.length <= PORTABLE_MAX_LENGTH ? [base] : []),
      ...HASH_LENGTHS.map((n) => withHash(base, shortHash(canonical, n))),
    ];
    for (const name of candidates) if (!this.#canonicalOf.has(name)) return name;
    // Two 64-bit hash prefixes equal: practically never, but a shared name must stay impossible.
    const last = candidates[candidates.length - 1] ?? base;
    for (let i = 2; ; i++) {
      const suffix = `-${i}`;
      const name = last.slice(0, PORTABLE_MAX_LENGTH - suffix.length) + suffix;
      if (!this.#canonicalOf.has(name)) return name;
    }
  }
}
