import type { ToolProvider } from '../walker/types.js';
import {
  ClassComponent,
  type Fiber,
  ForwardRef,
  FunctionComponent,
  MemoComponent,
  SimpleMemoComponent,
} from './fiber-types.js';
import { type StaticHolder, staticProvider } from './provider-for.js';
import { lookUp, type ResolvedTypeMap } from './type-map.js';

/** What the snapshot needs to know about a component type. */
export interface ComponentInfo {
  /** `mcpType` when a string, else the display name. */
  readonly name: string;
  /** From the type map, else the static `mcpTools`; `null`/`undefined`: no type-level node. */
  readonly provider: ToolProvider | null | undefined;
  /** Tag 14 whose inner component fiber is merged into it (hooks and body come from the inner fiber). */
  readonly merged: boolean;
  /** A nested session's anchor: its subtree belongs to that session only. */
  readonly boundary: boolean;
}

type Holder = {
  mcpTools?: unknown;
  mcpPersonOnly?: unknown;
  mcpType?: unknown;
  displayName?: unknown;
  name?: unknown;
};

/**
 * Component types described under one type map, by element type: statics are read once, when a
 * component type is first seen.
 */
export interface ComponentInfoCache {
  readonly typeMap: ResolvedTypeMap;
  /** The session anchor's class: where a nested session begins. */
  readonly boundary: unknown;
  readonly byType: WeakMap<object, ComponentInfo>;
}

export function componentInfoCache(typeMap: ResolvedTypeMap, boundary: unknown): ComponentInfoCache {
  return { typeMap, boundary, byType: new WeakMap() };
}

/**
 * Describes a component fiber (tags 0, 1, 11, 14, 15), or returns null for anything else. A memo
 * with a compare function (tag 14) is one fiber for the wrapper and one for the component inside:
 * both become one node, so a static on either is found once and the inner hooks belong to it.
 */
export function describeComponent(fiber: Fiber, cache: ComponentInfoCache): ComponentInfo | null {
  const tag = fiber.tag;
  if (tag !== FunctionComponent && tag !== ClassComponent && tag !== ForwardRef && tag !== MemoComponent) {
    if (tag !== SimpleMemoComponent) return null;
  }
  const key = fiber.elementType as object;
  let info = cache.byType.get(key);
  if (info === undefined) {
    info = describe(fiber, cache);
    if ((typeof key === 'object' || typeof key === 'function') && key !== null) cache.byType.set(key, info);
  }
  return info;
}

/** The fiber whose hook list may hold `useMcpTools` declarations. */
export function hooksFiber(fiber: Fiber, info: ComponentInfo): Fiber | null {
  if (info.merged) return fiber.child?.tag === ClassComponent ? null : fiber.child;
  return fiber.tag === ClassComponent || fiber.tag === MemoComponent ? null : fiber;
}

/** The first fiber of what the component rendered (its children in the snapshot). */
export function bodyOf(fiber: Fiber, info: ComponentInfo): Fiber | null {
  return info.merged ? (fiber.child?.child ?? null) : fiber.child;
}

function describe(fiber: Fiber, { typeMap, boundary }: ComponentInfoCache): ComponentInfo {
  const holders: Holder[] = [];
  let merged = false;
  addHolders(holders, fiber.elementType, fiber.type);
  // Tag 15: `elementType` is the memo object (statics set on it win), `type` the function.
  if (fiber.tag === ForwardRef) addHolders(holders, renderOf(fiber.type));
  if (fiber.tag === MemoComponent) {
    const inner = fiber.child;
    if (inner !== null && isMergeable(inner.tag)) {
      addHolders(holders, inner.elementType, inner.type, renderOf(inner.type));
      merged = true;
    }
  }
  const name = pickString(holders, 'mcpType') ?? displayNameOf(holders);
  return {
    name,
    provider: typeLevelProvider(holders, name, typeMap),
    merged,
    boundary: fiber.type === boundary,
  };
}

function renderOf(type: unknown): unknown {
  return (type as { render?: unknown } | null)?.render;
}

function isMergeable(tag: number): boolean {
  return (
    tag === FunctionComponent || tag === ClassComponent || tag === ForwardRef || tag === SimpleMemoComponent
  );
}

function addHolders(holders: Holder[], ...candidates: unknown[]): void {
  for (const candidate of candidates) {
    if ((typeof candidate === 'function' || typeof candidate === 'object') && candidate !== null) {
      if (!holders.includes(candidate as Holder)) holders.push(candidate as Holder);
    }
  }
}

function typeLevelProvider(
  holders: Holder[],
  name: string,
  typeMap: ResolvedTypeMap,
): ToolProvider | null | undefined {
  // The type map first: an adapter (or `null`) overrides what the component says about itself.
  const entry = lookUp(typeMap, holders, name);
  if (entry !== undefined) return entry;
  for (const holder of holders) {
    if (typeof holder.mcpTools === 'function') return staticProvider(holder as StaticHolder);
  }
  return undefined;
}

function pickString(holders: Holder[], key: 'mcpType' | 'displayName'): string | undefined {
  for (const holder of holders) {
    const value = holder[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function displayNameOf(holders: Holder[]): string {
  const explicit = pickString(holders, 'displayName');
  if (explicit !== undefined) return explicit;
  for (const holder of holders as unknown[]) {
    if (typeof holder === 'function' && holder.name !== '') return holder.name;
  }
  return 'Anonymous';
}
