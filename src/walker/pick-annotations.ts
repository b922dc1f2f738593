import type { ToolAnnotations } from './types.js';

/**
 * Of a provider's annotations only `sensitive: true` and `destructiveHint: true` survive: they can
 * only add the authorizer requirement, while anything else (`readOnlyHint`, `title`, …) is a
 * self-report a client would act on.
 */
export function pickAnnotations(annotations: unknown): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (typeof annotations !== 'object' || annotations === null) return out;
  const a = annotations as Record<string, unknown>;
  if (a.sensitive === true) out.sensitive = true;
  if (a.destructiveHint === true) out.destructiveHint = true;
  return out;
}
