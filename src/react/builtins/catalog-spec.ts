import { ActionError } from '../../walker/action-error.js';
import type { CatalogEntry } from '../../walker/builtin-catalog.js';
import type { ActionSpec } from '../../walker/types.js';

/** A catalog entry's listed parts as an action spec of its widget (`keyboard.press` → `press`). */
export function spec(entry: CatalogEntry): Omit<ActionSpec, 'run'> {
  return {
    name: entry.name.slice(entry.name.indexOf('.') + 1),
    description: entry.description,
    inputSchema: entry.inputSchema,
    annotations: { ...entry.annotations },
  };
}

/**
 * Refuses arguments outside the entry's bounds (which its lean listed schema does not state), before
 * the tool does anything: the agent's mistake, so it never counts toward the breaker.
 */
export function checkBounds(entry: CatalogEntry, args: unknown): void {
  const issue = entry.bounds?.(args as Record<string, unknown>);
  if (issue !== undefined) throw new ActionError(`ink-mcp: ${entry.name}: ${issue}. Nothing was done.`);
}
