import type { Fiber, Hook } from './fiber-types.js';

/**
 * Ink's focus manager as an agent needs it: which ids can take focus (in Tab order), which one has
 * it, and the manager's own functions to move it. Ink exports none of its internals, so this reads
 * them by shape from the committed fibers, the same on Ink 6 and Ink 8:
 * - the FocusContext provider's value (`activeId`, `focus`, `focusNext`, `focusPrevious`), and
 * - the list of focusables the App component holds: `useState([...])` in Ink 6, a
 *   `useRef([...])` in Ink 8 — entries `{ id, isActive }` in registration (Tab) order.
 * Both sit a few fibers below the HostRoot (App renders its context providers first).
 */
export interface FocusState {
  /** Ids that can take focus now, in Tab order. */
  readonly ids: readonly string[];
  /** The id that has focus, if any. */
  readonly active: string | undefined;
  readonly manager: FocusManager;
}

export interface FocusManager {
  focus(id: string): void;
  focusNext(): void;
  focusPrevious(): void;
}

interface FocusContextValue extends FocusManager {
  activeId: string | undefined;
}

/** How deep below the HostRoot the FocusContext provider may be (Ink 6/8: about 6 levels). */
const MAX_DEPTH = 24;

/** Ink's focus state under `hostRoot`, or undefined when there is no Ink App above the session. */
export function readFocus(hostRoot: Fiber): FocusState | undefined {
  try {
    return find(hostRoot);
  } catch {
    return undefined; // internals changed shape: no focus tools rather than a crash
  }
}

function find(hostRoot: Fiber): FocusState | undefined {
  // Depth-first along first children, the path ancestors kept: App is an ancestor of the provider.
  const ancestors: Fiber[] = [];
  let fiber: Fiber | null = hostRoot.child;
  while (fiber !== null && ancestors.length < MAX_DEPTH) {
    const value = contextValue(fiber);
    if (value !== undefined) {
      const list = focusablesOf(ancestors);
      if (list === undefined) return undefined;
      const ids = unique(list.filter((f) => f.isActive).map((f) => f.id));
      return {
        ids,
        active: typeof value.activeId === 'string' ? value.activeId : undefined,
        manager: value,
      };
    }
    ancestors.push(fiber);
    fiber = fiber.child;
  }
  return undefined;
}

/** The FocusContext value, recognised by its shape (React 19: the context object is the provider). */
function contextValue(fiber: Fiber): FocusContextValue | undefined {
  const props = fiber.memoizedProps as { value?: unknown } | null;
  const value = props?.value as Partial<FocusContextValue> | null | undefined;
  if (typeof value !== 'object' || value === null || !('activeId' in value)) return undefined;
  if (typeof value.focus !== 'function' || typeof value.focusNext !== 'function') return undefined;
  if (typeof value.focusPrevious !== 'function') return undefined;
  return value as FocusContextValue;
}

interface Focusable {
  id: string;
  isActive: boolean;
}

/** The nearest ancestor's first hook that holds a focusables list (as state, or in a ref). */
function focusablesOf(ancestors: readonly Fiber[]): Focusable[] | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    for (let hook = ancestors[i]!.memoizedState as Hook | null; isHook(hook); hook = hook.next) {
      const state = hook.memoizedState;
      if (isFocusableList(state)) return state;
      const current = (state as { current?: unknown } | null)?.current;
      if (isPlainRef(state) && isFocusableList(current)) return current;
    }
  }
  return undefined;
}

function isHook(x: unknown): x is Hook {
  return typeof x === 'object' && x !== null && 'next' in x && 'memoizedState' in x;
}

function isPlainRef(x: unknown): boolean {
  return typeof x === 'object' && x !== null && Object.keys(x).length === 1 && 'current' in x;
}

function isFocusableList(x: unknown): x is Focusable[] {
  return (
    Array.isArray(x) &&
    x.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Focusable).id === 'string' &&
        typeof (item as Focusable).isActive === 'boolean',
    )
  );
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
