import type { Derivation } from '../walker/derive.js';
import * as walker from '../walker/derive.js';
import type { ToolDef, ViewNode, WalkContext } from '../walker/types.js';
import { defaultTypeMap } from './default-type-map.js';

/*
 * The walker's derivation as the package exports it (src/index.ts): a context without `typeMap`
 * derives with the default type map, as it always has. The walker itself takes the map it is given
 * (src/walker/derive.ts), since the registry of defaults is process-wide state it must not hold.
 */

function withDefaults(context: WalkContext): WalkContext {
  return context.typeMap === undefined ? { ...context, typeMap: defaultTypeMap() } : context;
}

/**
 * Derives the tools of a tree without logging: the tools in view order (depth-first, parent before
 * children, siblings left to right) and every refusal. Never throws; one bad widget or spec costs
 * only itself. A session id that fails `isId` derives nothing and refuses nothing.
 */
export function deriveWithRefusals(tree: ViewNode | readonly ViewNode[], context: WalkContext): Derivation {
  return walker.deriveWithRefusals(tree, withDefaults(context));
}

/** `deriveWithRefusals`, logging each refusal (and a refused session id) as a warning. */
export function deriveTools(tree: ViewNode | readonly ViewNode[], context: WalkContext): ToolDef[] {
  return walker.deriveTools(tree, withDefaults(context));
}
