import { CleanSpecCache } from './clean-spec.js';
import { IdMemo } from './ids.js';

/**
 * What a derivation remembers from one tree to the next, besides the tree: cleaned specs by content
 * (`CleanSpecCache`, with zod output schemas converted) and the last id and action name accepted
 * (`IdMemo`). Owned by whoever derives again and again (a session: src/session/session.ts,
 * `Session.deriveCache`) and passed in, so the walker holds no state of its own: two sessions in
 * one process share nothing, and a test starts from a fresh one. A derivation given none makes its
 * own, which serves that one call.
 */
export class DeriveCache {
  readonly specs = new CleanSpecCache();
  readonly ids = new IdMemo();
}
