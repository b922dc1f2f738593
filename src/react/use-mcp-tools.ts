import { useContext, useEffect, useMemo } from 'react';
import type { Action, ActionSpec, InputSchema } from '../walker/types.js';
import { SessionContext } from './session-context.js';
import { createDeclaration } from './tools-marker.js';

export interface UseMcpToolsOptions {
  /**
   * Hide this component's own tools (`attrs.mcpExclude`); tools of components inside it still derive.
   * @default false
   */
  exclude?: boolean;
  /**
   * This widget is a question only a person may answer (a confirmation of something destructive):
   * while it is rendered, `keyboard.press` and `keyboard.type` are refused, so an agent cannot
   * answer it with keys (`attrs.mcpPersonOnly`). Its own actions still run by their annotations:
   * mark the one that says yes `destructiveHint`, and the person is asked. @default false
   */
  personOnly?: boolean;
}

/**
 * Actions keyed by name; each one's `run` gets the arguments its `inputSchema` parses to (a zod
 * schema's output type; else a JSON object). `T` maps each name to its schema and is inferred.
 */
export type McpActions<T extends Record<string, unknown>> = {
  [K in keyof T]: Action<T[K] extends InputSchema ? T[K] : InputSchema>;
};

/**
 * Declares the tools this component offers while it is rendered, as widget `id`. Every call makes
 * its own view node (calls in one component are siblings, in call order; the component's nested
 * tool components are children of the last call's node).
 *
 * The declaration lives in this hook's state, so the snapshot reads the one from the latest
 * *committed* render: a call always runs that render's `run`, never a stale or uncommitted closure.
 */
export function useMcpTools(id: string, actions: readonly ActionSpec[], options?: UseMcpToolsOptions): void;
export function useMcpTools<T extends Record<string, unknown>>(
  id: string,
  actions: McpActions<T>,
  options?: UseMcpToolsOptions,
): void;
/** Untyped arguments: for action sets the first signature cannot infer (e.g. `cond ? {a} : {b}`). */
export function useMcpTools(
  id: string,
  actions: Record<string, Action> | readonly ActionSpec[],
  options?: UseMcpToolsOptions,
): void;
export function useMcpTools(
  id: string,
  actions: Record<string, Action> | readonly ActionSpec[],
  options?: UseMcpToolsOptions,
): void {
  const exclude = options?.exclude === true;
  const personOnly = options?.personOnly === true;
  // useMemo, not a ref written during render: a suspended render must not leak its value (see
  // docs/internals.md, "Observing Ink's commits"). `actions` is usually a fresh literal, so this recomputes
  // on each render, which is what keeps `run` current.
  useMemo(
    () => createDeclaration(id, toSpecs(actions), exclude, personOnly),
    [id, actions, exclude, personOnly],
  );
  const link = useContext(SessionContext);
  // No dependency list on purpose: runs after every commit that rendered this component.
  useEffect(() => {
    link?.committed();
  });
}

/**
 * The keys every spec made here starts with, in this order, so that specs of actions with different
 * keys share one hidden class: the derivation reads `name`, `description`, `inputSchema`,
 * `outputSchema` and `annotations` of each new spec in the microtask after React's render, where a
 * read of an object shape V8's shared lookup cache no longer holds (React's own reads of many shapes
 * evict it) costs about a microsecond (bench/README.md, P1.tool). A key the action lacks stays
 * undefined, which every reader of a spec treats as absent.
 */
const SPEC_BASE = Object.freeze({
  description: undefined,
  inputSchema: undefined,
  outputSchema: undefined,
  annotations: undefined,
  run: undefined,
});

function toSpecs(actions: Record<string, Action> | readonly ActionSpec[]): readonly ActionSpec[] {
  if (Array.isArray(actions)) return actions;
  const specs: ActionSpec[] = [];
  for (const [name, action] of Object.entries(actions as Record<string, Action>)) {
    specs.push({ ...SPEC_BASE, ...action, name } as ActionSpec);
  }
  return specs;
}
