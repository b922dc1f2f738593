import { markBuiltin } from '../../walker/reserved-ids.js';
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
  #focus: ViewNode | undefined;
  #app: readonly ViewNode[] | undefined;
  #out: readonly ViewNode[] = [];

  constructor(host: BuiltinHost) {
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
    this.#focus = next;
    this.#app = app;
    // `concat` copies the app's forest as a block: spreading it costs ~10 times more at 5,000 nodes,
    // on every commit that changes a tool (bench/README.md, P1.tool.50k).
    this.#out = this.#fixed.concat([next], app);
    return this.#out;
  }
}

function node(id: string, provider: ToolProvider): ViewNode {
  return { type: `ink-mcp:${id}`, id, attrs: {}, children: [], provider };
}
