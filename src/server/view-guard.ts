import { createHash, randomBytes } from 'node:crypto';

/** How many view keys a connection keeps per session (each render of the view may read a new one). */
const MAX_KEYS_PER_SESSION = 16;

/**
 * Who may speak for the person through a connection's MCP App view. The model and the view reach the
 * server through the same host connection, so a call cannot tell them apart by where it comes from;
 * it can by what it knows:
 * - a **view key**, minted into each copy of the view's page (`resources/read ui://…`), which the
 *   host renders and never gives the model; every app-only tool wants one;
 * - a **question code**, one per open question, handed only to a holder of a view key (in the
 *   result's `_meta`, which hosts keep from the model's context), used once, for that one question.
 * Both live and die with the connection: a key read on another connection opens nothing here.
 */
export class ViewGuard {
  /** Per session, the hashes of its keys, oldest first. */
  readonly #keys = new Map<string, string[]>();
  /** Per session, the open question's id and its code (one question is shown at a time). */
  readonly #codes = new Map<string, { id: number; code: string }>();

  /** A new key for a view of `sessionId`. */
  mintKey(sessionId: string): string {
    const key = randomBytes(24).toString('base64url');
    const keys = this.#keys.get(sessionId) ?? [];
    keys.push(digest(key));
    if (keys.length > MAX_KEYS_PER_SESSION) keys.shift();
    this.#keys.set(sessionId, keys);
    return key;
  }

  /** Whether `key` is one this connection minted for a view of `sessionId`. */
  knows(sessionId: string, key: unknown): boolean {
    if (typeof key !== 'string' || key === '') return false;
    return this.#keys.get(sessionId)?.includes(digest(key)) === true;
  }

  /** The code of question `id` of `sessionId` (minted when first asked for; a new question, a new code). */
  codeFor(sessionId: string, id: number): string {
    const known = this.#codes.get(sessionId);
    if (known?.id === id) return known.code;
    const code = randomBytes(18).toString('base64url');
    this.#codes.set(sessionId, { id, code });
    return code;
  }

  /** Whether `code` is the code of question `id` of `sessionId` (a code answers its own question only). */
  matches(sessionId: string, id: number, code: unknown): boolean {
    const known = this.#codes.get(sessionId);
    return (
      known !== undefined &&
      known.id === id &&
      typeof code === 'string' &&
      digest(code) === digest(known.code)
    );
  }

  /** Spends the code of question `id`: it answers nothing again. */
  spend(sessionId: string, id: number): void {
    if (this.#codes.get(sessionId)?.id === id) this.#codes.delete(sessionId);
  }

  clear(): void {
    this.#keys.clear();
    this.#codes.clear();
  }
}

/** Compared as digests: equal-length strings, so a comparison says nothing of a prefix. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
