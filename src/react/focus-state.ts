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
const MAX_PROVIDER_DEPTH = 24;

/** Where the last search found things: the walk repeats it, so a commit costs a few pointer reads. */
interface Found {
  /** `.child` steps from the HostRoot to the App fiber, and from there to the provider. */
  appDepth: number;
  providerDepth: number;
  /** The hook of App that holds the focusables, and whether it is a ref (Ink 8). */
  hookIndex: number;
  inRef: boolean;
  value: FocusContextValue;
  list: Focusable[];
  state: FocusState;
}

/**
 * Reads Ink's focus state under a HostRoot, once per commit: it keeps where it found the pieces
 * and the answer, so an unchanged focus state costs a short walk and two identity checks.
 */
export class FocusReader {
  #found: Found | undefined;

  /** Ink's focus state under `hostRoot`, or undefined when there is no Ink App above the session. */
  read(hostRoot: Fiber): FocusState | undefined {
    try {
      return this.#again(hostRoot) ?? this.#search(hostRoot);
    } catch {
      return undefined; // internals changed shape: no focus tools rather than a crash
    }
  }

  #again(hostRoot: Fiber): FocusState | undefined {
    const found = this.#found;
    if (found === undefined) return undefined;
    const app = down(hostRoot.child, found.appDepth);
    const provider = app === null ? null : down(app, found.providerDepth);
    if (app === null || provider === null) return undefined;
    const value = contextValue(provider);
    if (value === undefined) return undefined;
    let hook = app.memoizedState as Hook | null;
    for (let i = 0; i < found.hookIndex && hook !== null; i++) hook = hook.next;
    if (!isHook(hook)) return undefined;
    const list = found.inRef
      ? (hook.memoizedState as { current?: unknown } | null)?.current
      : hook.memoizedState;
    if (value === found.value && list === found.list) return found.state;
    if (!isFocusableList(list)) return undefined;
    found.value = value;
    found.list = list;
    found.state = stateOf(value, list);
    return found.state;
  }

  #search(hostRoot: Fiber): FocusState | undefined {
    this.#found = undefined;
    // Down the first children, ancestors kept: App is an ancestor of the provider.
    const ancestors: Fiber[] = [];
    let fiber: Fiber | null = hostRoot.child;
    while (fiber !== null && ancestors.length < MAX_PROVIDER_DEPTH) {
      const value = contextValue(fiber);
      if (value !== undefined) {
        for (let i = ancestors.length - 1; i >= 0; i--) {
          const held = focusablesOf(ancestors[i]!);
          if (held === undefined) continue;
          const state = stateOf(value, held.list);
          this.#found = { appDepth: i, providerDepth: ancestors.length - i, ...held, value, state };
          return state;
        }
        return undefined;
      }
      ancestors.push(fiber);
      fiber = fiber.child;
    }
    return undefined;
  }
}

function down(fiber: Fiber | null, steps: number): Fiber | null {
  let at = fiber;
  for (let i = 0; i < steps && at !== null; i++) at = at.child;
  return at;
}

function stateOf(value: FocusContextValue, list: readonly Focusable[]): FocusState {
  const ids = [...new Set(list.filter((f) => f.isActive).map((f) => f.id))];
  return { ids, active: typeof value.activeId === 'string' ? value.activeId : undefined, manager: value };
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

/** The first hook of `fiber` that holds a focusables list (as state, or in a ref), and where. */
function focusablesOf(fiber: Fiber): { hookIndex: number; inRef: boolean; list: Focusable[] } | undefined {
  let index = 0;
  for (let hook = fiber.memoizedState as Hook | null; isHook(hook); hook = hook.next, index++) {
    const state = hook.memoizedState;
    if (isFocusableList(state)) return { hookIndex: index, inRef: false, list: state };
    const current = (state as { current?: unknown } | null)?.current;
    if (isPlainRef(state) && isFocusableList(current))
      return { hookIndex: index, inRef: true, list: current };
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
