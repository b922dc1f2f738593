import type { ActionSpec } from '../walker/types.js';

/**
 * Brands the object `useMcpTools` stores in hook state, so the snapshot can tell it from any other
 * memoized value while scanning a fiber's hook list. `Symbol.for` (not a module-local symbol) keeps
 * two copies of ink-mcp in one app compatible; `@1` versions the object's shape.
 */
export const TOOLS_MARKER: unique symbol = Symbol.for('ink-mcp/tools@1');

/** One `useMcpTools` call as committed in a render. Never mutated: a new render makes a new one. */
export interface ToolsDeclaration {
  readonly [TOOLS_MARKER]: true;
  readonly id: string;
  readonly specs: readonly ActionSpec[];
  readonly exclude: boolean;
  /** Only a person may answer this widget: agent keys are refused while it is up. */
  readonly personOnly: boolean;
}

export function createDeclaration(
  id: string,
  specs: readonly ActionSpec[],
  exclude: boolean,
  personOnly: boolean,
): ToolsDeclaration {
  return { [TOOLS_MARKER]: true, id, specs, exclude, personOnly };
}

export function isDeclaration(value: unknown): value is ToolsDeclaration {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [TOOLS_MARKER]?: unknown })[TOOLS_MARKER] === true
  );
}
