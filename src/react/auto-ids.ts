import { defaultTypeMap } from '../registry/default-type-map.js';
import type { Logger } from '../util/logger.js';
import { ID_RULE } from '../walker/id-rule.js';
import { specsOf } from '../walker/offered.js';
import type { ActionSpec, ToolProvider, ViewNode } from '../walker/types.js';
import { withChildren } from './provider-for.js';

/**
 * Gives widgets the default type map recognises (ink-text-input, ink-select-input, @inkjs/ui) an id
 * when the app rendered them without one: their type and their place among widgets of that type,
 * in view order (`select_1`, `text_input_2`), so an unchanged app offers their tools. An explicit id
 * still wins. Any other provider that renders without an id derives nothing (README, "The rules the walker enforces": a node
 * without id is a container) and is named once in a warning, since that is rarely what its author meant.
 *
 * The forest keeps its identity while nothing changed, and so does every node whose id and children
 * are those of the last pass: live resolution and the sync diff compare nodes and providers.
 */
export class AutoIds {
  readonly #logger: Logger;
  readonly #warned = new Set<string>();
  #lastIn: readonly ViewNode[] | undefined;
  #lastOut: readonly ViewNode[] = [];
  #made = new WeakMap<ViewNode, ViewNode>();
  #defaults: ReadonlySet<unknown> = new Set();
  #defaultsOf: unknown;
  /** One wrapper per (provider, id): a new one each pass would read as "type changed". */
  readonly #wrappers = new WeakMap<ToolProvider, Map<string, ToolProvider>>();

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /**
   * The forest with its automatic ids. `mayHoldIdless` false says no node in it has a provider and
   * no id (src/react/idless.ts): then nothing is renamed or warned about, and it is its own output.
   */
  apply(forest: readonly ViewNode[], mayHoldIdless = true): readonly ViewNode[] {
    const map = defaultTypeMap();
    if (forest === this.#lastIn && map === this.#defaultsOf) return this.#lastOut;
    if (!mayHoldIdless) {
      // Mapped to itself under any type map: a valid last pass for the next one to build on.
      this.#lastIn = this.#lastOut = forest;
      return forest;
    }
    // Another type map: what the last pass made says nothing about this one.
    const last = map === this.#defaultsOf && this.#lastIn !== undefined ? this.#lastIn : undefined;
    if (map !== this.#defaultsOf) {
      this.#defaultsOf = map;
      this.#defaults = new Set(map instanceof Map ? map.values() : Object.values(map));
    }
    const made = new WeakMap<ViewNode, ViewNode>();
    this.#lastOut = this.#nodes(forest, new Map(), made, false, last, this.#lastOut);
    this.#made = made;
    this.#lastIn = forest;
    return this.#lastOut;
  }

  /**
   * Maps `nodes` one to one. With the list's last pass (`lastIn` mapped to `lastOut`, in the same
   * context), the unchanged ends are skipped: a node object of the last list that got no id and
   * holds none (its output was itself) owes nothing to the numbering, so it is its own output
   * again whatever comes before it. The snapshot keeps unchanged nodes by identity
   * (src/react/read-fiber-tree.ts), so a widget's update walks only that widget and its
   * ancestors, not the 5,000 siblings around it (bench/README.md, P1.tool.50k).
   */
  #nodes(
    nodes: readonly ViewNode[],
    counts: Map<string, number>,
    made: WeakMap<ViewNode, ViewNode>,
    inWidget: boolean,
    lastIn?: readonly ViewNode[],
    lastOut?: readonly ViewNode[],
  ): readonly ViewNode[] {
    let from = 0;
    let to = nodes.length;
    let replaced: { in: ViewNode; out: ViewNode } | undefined;
    if (lastIn !== undefined && lastOut !== undefined && lastOut.length === lastIn.length) {
      const m = lastIn.length;
      while (from < to && from < m && nodes[from] === lastIn[from] && lastOut[from] === lastIn[from]) from++;
      let end = m;
      while (
        to > from &&
        end > from &&
        nodes[to - 1] === lastIn[end - 1] &&
        lastOut[end - 1] === lastIn[end - 1]
      ) {
        to--;
        end--;
      }
      // One node in place of one: it is walked with the last pass of its own children.
      if (to - from === 1 && end - from === 1) replaced = { in: lastIn[from]!, out: lastOut[from]! };
    }
    let out: ViewNode[] | null = null;
    for (let i = from; i < to; i++) {
      const node = nodes[i]!;
      const next = this.#node(node, counts, made, inWidget, replaced);
      if (next !== node && out === null) out = nodes.slice(0, i);
      out?.push(next);
    }
    if (out === null) return nodes;
    // The skipped tail is its own output.
    return to < nodes.length ? out.concat(nodes.slice(to)) : out;
  }

  #node(
    node: ViewNode,
    counts: Map<string, number>,
    made: WeakMap<ViewNode, ViewNode>,
    inWidget: boolean,
    replaced?: { in: ViewNode; out: ViewNode },
  ): ViewNode {
    // Parts of an adapted widget (ink-select-input's per-item Indicators) are not widgets of their own.
    const id = inWidget ? undefined : this.#autoId(node, counts);
    const widget = inWidget || this.#defaults.has(node.provider);
    // The node it replaced had its children walked in the same context: their last pass applies.
    const hint =
      replaced !== undefined &&
      Array.isArray(replaced.in.children) &&
      Array.isArray(replaced.out.children) &&
      (inWidget || this.#defaults.has(replaced.in.provider)) === widget
        ? replaced
        : undefined;
    const children = Array.isArray(node.children)
      ? this.#nodes(node.children, counts, made, widget, hint?.in.children, hint?.out.children)
      : node.children;
    if (id === undefined && children === node.children) return node;
    const last = this.#made.get(node);
    let next: ViewNode;
    if (last !== undefined && last.id === (id ?? node.id) && sameItems(last.children, children)) next = last;
    else {
      next = withChildren(node, children as ViewNode[]);
      if (id !== undefined) {
        next.id = id;
        next.provider = this.#wrapper(node.provider!, id, node.type, counts.get(node.type)!);
      }
    }
    made.set(node, next);
    return next;
  }

  /** The id a node gets: undefined unless it is a default-type-map widget rendered without one. */
  #autoId(node: ViewNode, counts: Map<string, number>): string | undefined {
    const provider = node.provider;
    if (node.id !== undefined || provider == null) return undefined;
    if (!this.#defaults.has(provider)) {
      this.#warnOnce(node, provider);
      return undefined;
    }
    const n = (counts.get(node.type) ?? 0) + 1;
    counts.set(node.type, n);
    return `${slug(node.type)}_${n}`;
  }

  #wrapper(provider: ToolProvider, id: string, type: string, n: number): ToolProvider {
    let byId = this.#wrappers.get(provider);
    if (byId === undefined) {
      byId = new Map();
      this.#wrappers.set(provider, byId);
    }
    let wrapper = byId.get(id);
    if (wrapper === undefined) {
      // After the action's own words: "Actions now" shows a description's first sentence, which
      // must say what the action does.
      const where = `(${type} #${n} on screen, rendered without an id: the ${ordinal(n)} ${type} in view order.)`;
      wrapper = {
        mcpTools(attrs, node) {
          const specs = provider.mcpTools(attrs, node);
          if (!Array.isArray(specs)) return specs;
          return specs.map((spec: ActionSpec) => ({
            ...spec,
            description: typeof spec.description === 'string' ? `${spec.description} ${where}` : where,
          }));
        },
      };
      byId.set(id, wrapper);
    }
    return wrapper;
  }

  #warnOnce(node: ViewNode, provider: ToolProvider): void {
    // Checked once per type: containers without an id are read on every commit.
    if (this.#warned.has(node.type)) return;
    this.#warned.add(node.type);
    // The walker reports a failing provider; here only a missing id matters.
    const offer = specsOf(provider, node);
    if (!offer.ok || offer.specs.length === 0) return;
    this.#logger.warn(
      `ink-mcp: <${node.type}> declares tools but renders without an id, so it offers none. Give it an \`id\` prop (${ID_RULE}).`,
    );
  }
}

/** `TextInput` → `text_input`: a widget id made of the type name. */
function slug(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (words || 'widget').slice(0, 24);
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}
