import { ID_SOURCE } from './id-rule.js';

const ID_RE = new RegExp(`^${ID_SOURCE}$`);
const ACTION_NAME_RE = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * Whether `x` may be a segment of a tool name (a session or widget id): the id rule (id-rule.ts).
 * A segment is text the client lists, so it holds no `.` (a segment boundary) and nothing invisible.
 */
export function isId(x: unknown): x is string {
  return typeof x === 'string' && ID_RE.test(x);
}

/** Whether `x` may name an action: a lowercase letter, then up to 31 of [a-z0-9_]. */
export function isActionName(x: unknown): x is string {
  return typeof x === 'string' && ACTION_NAME_RE.test(x);
}

/**
 * `isId` remembering the last string it accepted, for a derivation (one per `DeriveCache`,
 * src/walker/derive-cache.ts). A commit re-derives a component's node with the same id as the commit
 * before, and a regex run in the microtask after React's render (cold caches) costs about a
 * microsecond (bench/README.md, P1.tool): an equal string skips it. Only an accepted primitive string
 * is kept, so the shortcut can only answer true for a string that passed. (Action names are
 * remembered with the tool names they make: `ToolNameMemo`.)
 */
export class IdMemo {
  #lastId = '';

  isId(x: unknown): x is string {
    if (x === this.#lastId && x !== '') return true;
    if (!isId(x)) return false;
    this.#lastId = x;
    return true;
  }
}

export type WidgetUnavailableWhy = 'absent' | 'disabled' | 'type_changed';

/** The answer of a call whose widget is not (or no longer) there to act on. */
export interface WidgetUnavailable {
  code: 'widget_unavailable';
  widgetId: string;
  why: WidgetUnavailableWhy;
}

const WHYS: ReadonlySet<unknown> = new Set(['absent', 'disabled', 'type_changed']);

/**
 * Whether `x` is exactly a widget-unavailable answer. Any handler can return an object of that
 * shape, so this check (a valid widget id, a known reason) is what makes it safe to name the widget
 * to a client.
 */
export function isWidgetUnavailable(x: unknown): x is WidgetUnavailable {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return r.code === 'widget_unavailable' && isId(r.widgetId) && WHYS.has(r.why);
}
