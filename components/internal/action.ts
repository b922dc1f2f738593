import type { ActionSpec, InputSchema } from '../../src/index.js';

/** An action whose `run` gets the arguments its schema parses to (zod), widened for a spec list. */
export function action<S extends InputSchema>(spec: ActionSpec<S>): ActionSpec {
  return spec as ActionSpec;
}
