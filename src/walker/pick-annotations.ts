import type { ToolAnnotations } from './types.js';

/**
 * Of a provider's annotations only `sensitive: true`, `destructiveHint: true` and `readOnlyHint: true`
 * survive. The first two can only add the authorizer requirement. `readOnlyHint` lets a client run
 * the call without asking, so it is kept only on a tool that needs no approval: a tool the app puts
 * behind its authorizer is not one a client may treat as harmless. Anything else (`title`, …) is a
 * self-report no client needs from us.
 */
export function pickAnnotations(annotations: unknown): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (typeof annotations !== 'object' || annotations === null) return out;
  const a = annotations as Record<string, unknown>;
  if (a.sensitive === true) out.sensitive = true;
  if (a.destructiveHint === true) out.destructiveHint = true;
  if (a.readOnlyHint === true && !out.sensitive && !out.destructiveHint) out.readOnlyHint = true;
  return out;
}
