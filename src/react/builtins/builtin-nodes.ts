import { markBuiltin } from '../../walker/reserved-ids.js';
import type { SpliceNotes } from '../../walker/splice-note.js';
import type { ToolProvider, ViewNode } from '../../walker/types.js';
import type { FocusState } from '../focus-state.js';
import { focusNode, focusProvider } from './focus-tools.js';
import type { BuiltinHost } from './host.js';
import { keyboardProvider } from './keyboard-tools.js';
import { screenProvider } from './screen-tools.js';

/**
 * The built-in tools of a session as nodes before the app's own: `keyboard`, `screen` and (while
 * something can take focus) `focus`. Being nodes, they are derived, listed, resolved live and
 * queued exactly like an app's widgets. The forest keeps its identity while nothing changed, so the
 * session's "tree changed" test stays cheap.
 */
export class BuiltinNodes {
  readonly #fixed: readonly ViewNode[];
  readonly #focusProvider: ToolProvider;
  /** The session's source's notes (`FiberViewSource.spliceNotes`): the app's forest is noted there, and so is ours. */
  readonly #notes: SpliceNotes;
  #focus: ViewNode | undefined;
  #app: readonly ViewNode[] | undefined;
  #out: readonly ViewNode[] = [];

  constructor(host: BuiltinHost, notes: SpliceNotes) {
    this.#notes = notes;
    const screen = node('screen', markBuiltin(screenProvider(host)));
    // Read when the tree resource is read, not on every commit: it walks the whole subtree.
    Object.defineProperty(screen.attrs, 'accessibility', { enumerable: true, get: () => host.aria() });
    this.#fixed = [node('keyboard', markBuiltin(keyboardProvider(host))), screen];
    this.#focusProvider = markBuiltin(focusProvider(host));
  }

  /** The built-ins, then `app` (the session's own forest). */
  compose(
    app: readonly ViewNode[],
    focus: FocusState | undefined,
    owner: (active: string) => string | undefined,
  ): readonly ViewNode[] {
    const next = focusNode(this.#focusProvider, focus, this.#focus, owner);
    if (next === this.#focus && app === this.#app) return this.#out;
    const before = this.#out;
    // The app's forest noted as a splice of the last one (src/walker/splice-note.ts): the same
    // splice, shifted past the built-ins, is written over a copy and noted for the derivation.
    const splice =
      next === this.#focus && this.#app !== undefined ? this.#notes.spliceFrom(app, this.#app) : undefined;
    this.#focus = next;
    this.#app = app;
    const lead = this.#fixed.length + 1;
    if (splice !== undefined && splice.fromEnd === splice.end) {
      this.#out = this.#notes.overwritten(before, lead + splice.start, app, splice.start, splice.end);
      return this.#out;
    }
    this.#out = joined(this.#fixed, next, app);
    if (splice !== undefined)
      this.#notes.note(this.#out, {
        from: before,
        start: lead + splice.start,
        fromEnd: lead + splice.fromEnd,
        end: lead + splice.end,
      });
    return this.#out;
  }
}

function node(id: string, provider: ToolProvider): ViewNode {
  return { type: `ink-mcp:${id}`, id, attrs: {}, children: [], provider };
}

/**
 * `fixed`, `next`, then `app`, in a new array. `concat` copies a large forest as a block (spreading
 * it costs ~10 times more at 5,000 nodes, on every commit that changes a tool: bench/README.md,
 * P1.tool.50k), but costs ~0.1 µs a call whatever the size on Node 20; a short forest (most apps
 * put one root box under their session) is copied item by item, ~0.015 µs.
 */
function joined(fixed: readonly ViewNode[], next: ViewNode, app: readonly ViewNode[]): ViewNode[] {
  if (app.length > 32) return fixed.concat([next], app);
  const out: ViewNode[] = fixed.slice();
  out.push(next);
  for (let i = 0; i < app.length; i++) out.push(app[i]!);
  return out;
}
