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
