import { ActionError } from '../../walker/action-error.js';
import { FOCUS_LIST, FOCUS_NEXT, FOCUS_PREVIOUS, FOCUS_SET } from '../../walker/builtin-catalog.js';
import type { ActionSpec, ToolProvider, ViewNode } from '../../walker/types.js';
import type { FocusManager, FocusState } from '../focus-state.js';
import { focusWords } from '../focus-words.js';
import { spec } from './catalog-spec.js';
import type { BuiltinHost } from './host.js';

/** The focus node's attrs: what its tools offer (read at the last snapshot). */
export interface FocusAttrs {
  ids: readonly string[];
  active: string | undefined;
  /** The id of the widget that encloses the focused component, if one does. */
  widget?: string;
}

/**
 * `focus.list`, `focus.set {id}`, `focus.next`, `focus.previous`: Ink's own focus manager (the ids
 * of `useFocus({ id })`). Always offered, so that a first tool list is complete (the focusable
 * components register in effects, after the first commit); with nothing to focus they say so.
 */
export function focusProvider(host: BuiltinHost): ToolProvider {
  const move = async (how: (manager: FocusManager) => void): Promise<string> => {
    const state = live(host);
    how(state.manager);
    await host.settled();
    return describeFocus(live(host));
  };
  const specs: ActionSpec[] = [
    {
      ...spec(FOCUS_LIST),
      run: () => {
        const state = live(host);
        return { ids: [...state.ids], focused: state.active ?? null };
      },
    },
    {
      ...spec(FOCUS_SET),
      run: (args) => {
        const id = (args as { id: string }).id;
        const state = live(host);
        const target = state.ids.includes(id) ? id : heldBy(host, state, id);
        if (target === undefined) {
          throw new ActionError(
            `ink-mcp: no component that can take focus has the id ${JSON.stringify(id)}, and no widget of that id holds exactly one; focus did not move. Ids now: ${state.ids.map((i) => JSON.stringify(i)).join(', ')}.`,
          );
        }
        return move((manager) => manager.focus(target));
      },
    },
    {
      ...spec(FOCUS_NEXT),
      run: () => move((manager) => manager.focusNext()),
    },
    {
      ...spec(FOCUS_PREVIOUS),
      run: () => move((manager) => manager.focusPrevious()),
    },
  ];
  // One list for every snapshot: the ids are data of the node (focus.list), not of the definitions,
  // so a moving focus changes no tool.
  return { mcpTools: () => specs };
}

function live(host: BuiltinHost): FocusState {
  const state = host.focus();
  if (state === undefined || state.ids.length === 0) {
    throw new ActionError('ink-mcp: nothing in the app can take focus now.');
  }
  return state;
}

/**
 * The one Ink focus id that the widget `widget` holds (what the answers' `Focus:` line names when
 * Ink's id is one ink-mcp made: src/react/focus-words.ts); undefined when it holds none or several.
 */
function heldBy(host: BuiltinHost, state: FocusState, widget: string): string | undefined {
  if (host.focusOwner === undefined) return undefined;
  const held = state.ids.filter((id) => host.focusOwner?.(id) === widget);
  return held.length === 1 ? held[0] : undefined;
}

function describeFocus(state: FocusState): string {
  return `Focus: ${focusWords(state.active)}.`;
}

/** The focus node of a snapshot: new only when what it offers changed. */
/** The type of the built-in focus node, whose `attrs.widget` names the focused widget (when known). */
export const FOCUS_NODE_TYPE = 'ink-mcp:focus';

export function focusNode(
  provider: ToolProvider,
  focus: FocusState | undefined,
  last: ViewNode | undefined,
  owner: (active: string) => string | undefined,
): ViewNode {
  const ids = focus?.ids ?? [];
  const active = focus?.active;
  const was = last?.attrs as FocusAttrs | undefined;
  if (last && was && was.active === active && sameIds(was.ids, ids)) return last;
  const attrs: FocusAttrs = { ids, active };
  // Looked up when focus moves only: it searches the session's components.
  const widget = active === undefined ? undefined : owner(active);
  if (widget !== undefined) attrs.widget = widget;
  return {
    type: FOCUS_NODE_TYPE,
    id: 'focus',
    attrs: attrs as unknown as Record<string, unknown>,
    children: [],
    provider,
  };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
