import { stderrLogger } from '../util/logger.js';
import { errorText } from '../util/text.js';
import { cleanOutputSchema } from './clean-output-schema.js';
import { DeriveCache } from './derive-cache.js';
import { describeRefusal, describeRefusedSessionId } from './describe-refusal.js';
import { findProvider } from './find-provider.js';
import { isId } from './ids.js';
import { isExcluded, specsOf } from './offered.js';
import { pickAnnotations } from './pick-annotations.js';
import { isBuiltinProvider, RESERVED_WIDGET_IDS } from './reserved-ids.js';
import type { ActionSpec, Refusal, ToolDef, ToolProvider, TypeMap, ViewNode, WalkContext } from './types.js';
import { isZodSchema } from './zod-schema.js';

export interface Derivation {
  tools: ToolDef[];
  refusals: Refusal[];
}

/** A context without a type map: no provider but the nodes' own markers. */
const NO_TYPE_MAP: TypeMap = Object.freeze({});

/**
 * Derives the tools of a tree without logging: the tools in view order (depth-first, parent before
 * children, siblings left to right) and every refusal. Never throws; one bad widget or spec costs
 * only itself. A session id that fails `isId` derives nothing and refuses nothing.
 *
 * `cache`: what a caller that derives again and again keeps between trees (a session's); a fresh
 * one by default, which serves this call. A context without `typeMap` finds providers by marker
 * only: the package's `deriveTools` fills in the default type map (src/registry/default-type-map.ts),
 * which the walker does not hold.
 */
export function deriveWithRefusals(
  tree: ViewNode | readonly ViewNode[],
  context: WalkContext,
  cache: DeriveCache = new DeriveCache(),
): Derivation {
  const out: Derivation = { tools: [], refusals: [] };
  if (!isId(context.sessionId)) return out;
  const typeMap = context.typeMap ?? NO_TYPE_MAP;
  // An explicit stack instead of recursion: a deep tree must not overflow the call stack.
  const stack: unknown[] = [];
  pushReversed(stack, Array.isArray(tree) ? tree : [tree]);
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    let children: readonly unknown[] = NO_CHILDREN;
    try {
      deriveNode(node as ViewNode, context.sessionId, typeMap, out, cache);
      // Copied here, inside the guard: a proxy list can throw from its length or any index.
      const list: unknown = (node as ViewNode).children;
      if (Array.isArray(list) && list.length > 0) children = Array.prototype.slice.call(list);
    } catch (error) {
      // Only a hostile node (a throwing getter, a proxy) gets here; it costs only itself.
      out.refusals.push({
        kind: 'provider_error',
        widgetId: safeId(node),
        message: errorText(error),
      });
    }
    pushReversed(stack, children);
  }
  return out;
}

/** `deriveWithRefusals`, logging each refusal (and a refused session id) as a warning. */
export function deriveTools(
  tree: ViewNode | readonly ViewNode[],
  context: WalkContext,
  cache?: DeriveCache,
): ToolDef[] {
  const logger = context.logger ?? stderrLogger;
  if (!isId(context.sessionId)) {
    logger.warn(describeRefusedSessionId(context.sessionId));
    return [];
  }
  const { tools, refusals } = deriveWithRefusals(tree, context, cache);
  for (const refusal of refusals) logger.warn(describeRefusal(refusal));
  return tools;
}

/** One node's own tools and refusals (not its children's), appended to `out`; `cache` as `deriveWithRefusals`'s. */
export function deriveNode(
  node: ViewNode,
  sessionId: string,
  typeMap: TypeMap,
  out: Derivation,
  cache: DeriveCache,
): void {
  const id: unknown = node.id;
  if (id === undefined) return; // a layout container
  const provider = findProvider(node, typeMap);
  if (provider === null) return;
  if (isExcluded(node)) return;
  if (!cache.ids.isId(id)) {
    out.refusals.push({ kind: 'widget_id', widgetId: id });
    return;
  }
  if (RESERVED_WIDGET_IDS.has(id) && !isBuiltinProvider(provider)) {
    out.refusals.push({ kind: 'reserved_id', widgetId: id });
    return;
  }
  const offer = specsOf(provider, node);
  if (!offer.ok) {
    out.refusals.push({ kind: 'provider_error', widgetId: id, message: offer.message });
    return;
  }
  const { specs } = offer;
  for (let i = 0; i < specs.length; i++) {
    try {
      deriveSpec(specs[i], id, sessionId, provider, node, out, cache);
    } catch (error) {
      // A spec with a throwing getter or a hostile proxy: only that spec is lost.
      out.refusals.push({ kind: 'provider_error', widgetId: id, message: errorText(error) });
    }
  }
}

function deriveSpec(
  spec: unknown,
  widgetId: string,
  sessionId: string,
  provider: ToolProvider,
  node: ViewNode,
  out: Derivation,
  cache: DeriveCache,
): void {
  if (typeof spec !== 'object' || spec === null) {
    out.refusals.push({ kind: 'action_name', widgetId, name: undefined });
    return;
  }
  const s = spec as ActionSpec;
  const action: unknown = s.name;
  const fullName = cache.names.name(sessionId, widgetId, action);
  if (fullName === undefined) {
    out.refusals.push({ kind: 'action_name', widgetId, name: action });
    return;
  }
  // A tool name is made only for an action name that passed `isActionName` (ToolNameMemo).
  const name = action as string;
  const inputSchema: unknown = s.inputSchema;
  const cleaned = cache.specs.clean(s.description, inputSchema);
  if (!cleaned.ok) {
    out.refusals.push({ kind: 'action_spec', widgetId, name, fault: cleaned.fault });
    return;
  }
  const outputSchema: unknown = s.outputSchema;
  const output = cleanOutputSchema(outputSchema, cache.specs);
  if (!output.ok) {
    out.refusals.push({ kind: 'action_spec', widgetId, name, fault: output.fault });
    return;
  }
  const annotations = pickAnnotations(s.annotations);
  const tool: ToolDef = {
    name: fullName,
    description: cleaned.description,
    inputSchema: cleaned.inputSchema,
    annotations,
    sessionId,
    widgetId,
    action: name,
    provider,
    derived: true,
    spec: s,
    node,
    definitionKey: `${cleaned.specJson}${output.key}${annotations.sensitive ? '|sensitive' : ''}${annotations.destructiveHint ? '|destructive' : ''}${annotations.readOnlyHint ? '|read-only' : ''}`,
  };
  if (isZodSchema(inputSchema)) tool.zod = inputSchema;
  if (output.outputSchema) tool.outputSchema = output.outputSchema;
  if (isZodSchema(outputSchema)) tool.outputZod = outputSchema;
  out.tools.push(tool);
}

const NO_CHILDREN: readonly unknown[] = Object.freeze([]);

function pushReversed(stack: unknown[], items: readonly unknown[]): void {
  for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
}

/** The node's id as text, whatever the id is (an object with a throwing toString included). */
export function safeId(node: object): string {
  try {
    return String((node as ViewNode).id);
  } catch {
    return 'an unprintable id';
  }
}
