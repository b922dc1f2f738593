import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type ActionSpec,
  deriveTools,
  deriveWithRefusals,
  type Logger,
  registerDefaultProvider,
  type ToolProvider,
  type ViewNode,
} from '../../src/index.js';
import { deriveWithRefusals as deriveInWalker } from '../../src/walker/derive.js';
import { DeriveCache } from '../../src/walker/derive-cache.js';

const press: ActionSpec = { name: 'press', description: 'Press it', run: () => 'pressed' };
const button: ToolProvider = { mcpTools: (attrs) => (attrs.disabled ? [] : [press]) };
const typeMap = { button };

function node(
  type: string,
  id: string | undefined,
  attrs: Record<string, unknown> = {},
  children: ViewNode[] = [],
) {
  const n: ViewNode = { type, attrs, children };
  if (id !== undefined) n.id = id;
  return n;
}
const names = (tree: ViewNode | ViewNode[], sessionId = 's') =>
  deriveWithRefusals(tree, { sessionId, typeMap }).tools.map((t) => t.name);

describe('deriveWithRefusals', () => {
  it('names tools session.widget.action and fills every ToolDef field', () => {
    const n = node('button', 'ok');
    const { tools, refusals } = deriveWithRefusals(n, { sessionId: 'demo', typeMap });
    expect(refusals).toEqual([]);
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'demo.ok.press',
      description: 'Press it',
      inputSchema: { type: 'object', properties: {} },
      annotations: {},
      sessionId: 'demo',
      widgetId: 'ok',
      action: 'press',
      provider: button,
      derived: true,
      spec: press,
      node: n,
    });
    expect(typeof tools[0]?.definitionKey).toBe('string');
  });

  it('takes an array of roots', () => {
    expect(names([node('button', 'a'), node('button', 'b')])).toEqual(['s.a.press', 's.b.press']);
  });

  it('derives nothing and refuses nothing for a session id that fails isId', () => {
    const tree = node('button', 'ok', {}, [node('button', 'bad id')]);
    for (const sessionId of ['', 'a.b', 'x'.repeat(33), 'has space']) {
      expect(deriveWithRefusals(tree, { sessionId, typeMap })).toEqual({ tools: [], refusals: [] });
    }
    expect(names(tree, 'x'.repeat(32))).toHaveLength(1);
  });

  it('walks a node without id as a layout container', () => {
    const tree = node('button', undefined, {}, [node('column', undefined, {}, [node('button', 'inner')])]);
    expect(names(tree)).toEqual(['s.inner.press']);
  });

  it('refuses a provider whose id fails isId, and still walks its children', () => {
    for (const bad of ['', 'a.b', 'x'.repeat(33), 12, null]) {
      const tree = {
        ...node('button', undefined, {}, [node('button', 'child')]),
        id: bad,
      } as unknown as ViewNode;
      const { tools, refusals } = deriveWithRefusals(tree, { sessionId: 's', typeMap });
      expect(tools.map((t) => t.name)).toEqual(['s.child.press']);
      expect(refusals).toEqual([{ kind: 'widget_id', widgetId: bad }]);
    }
    expect(names(node('button', 'x'.repeat(32)))).toHaveLength(1);
  });

  it('does not refuse a bad id on a node that provides nothing', () => {
    expect(deriveWithRefusals(node('text', 'a.b'), { sessionId: 's', typeMap }).refusals).toEqual([]);
  });

  it('hides only the own tools of attrs.mcpExclude === true; children still derive', () => {
    const tree = node('button', 'outer', { mcpExclude: true }, [node('button', 'inner')]);
    expect(names(tree)).toEqual(['s.inner.press']);
    expect(names(node('button', 'outer', { mcpExclude: 'true' }))).toEqual(['s.outer.press']);
  });

  it('refuses an action name that fails isActionName, and keeps the widget’s other actions', () => {
    const long = `a${'b'.repeat(32)}`;
    const provider: ToolProvider = {
      mcpTools: () => [
        { name: 'Press', run: () => 0 },
        { name: long, run: () => 0 },
        { name: long.slice(0, 32), run: () => 0 },
      ],
    };
    const { tools, refusals } = deriveWithRefusals({ ...node('x', 'w'), provider }, { sessionId: 's' });
    expect(tools.map((t) => t.action)).toEqual([long.slice(0, 32)]);
    expect(refusals).toEqual([
      { kind: 'action_name', widgetId: 'w', name: 'Press' },
      { kind: 'action_name', widgetId: 'w', name: long },
    ]);
  });

  it('refuses a spec whose description or schema is faulty, with the fault', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 40; i++) {
      const next = {};
      at.p = next;
      at = next;
    }
    const provider: ToolProvider = {
      mcpTools: () => [
        { name: 'a', description: 42 as unknown as string, run: () => 0 },
        { name: 'b', inputSchema: { type: 'object', properties: { f: () => 0 } }, run: () => 0 },
        { name: 'c', inputSchema: { amount: 1, 'amount\u200B': 2 }, run: () => 0 },
        { name: 'd', inputSchema: deep, run: () => 0 },
        { name: 'e', run: () => 0 },
      ],
    };
    const { tools, refusals } = deriveWithRefusals({ ...node('x', 'w'), provider }, { sessionId: 's' });
    expect(tools.map((t) => t.action)).toEqual(['e']);
    expect(refusals).toEqual([
      { kind: 'action_spec', widgetId: 'w', name: 'a', fault: 'not_json' },
      { kind: 'action_spec', widgetId: 'w', name: 'b', fault: 'not_json' },
      { kind: 'action_spec', widgetId: 'w', name: 'c', fault: { duplicateKey: 'amount' } },
      { kind: 'action_spec', widgetId: 'w', name: 'd', fault: 'too_large' },
    ]);
  });

  it('answers provider_error when mcpTools throws or returns a non-array; other nodes are unaffected', () => {
    const throwing: ToolProvider = {
      mcpTools: () => {
        throw new Error('boom');
      },
    };
    const notArray = { mcpTools: () => ({ name: 'press' }) } as unknown as ToolProvider;
    const tree = [
      node('button', 'before'),
      { ...node('x', 'w1'), provider: throwing },
      { ...node('x', 'w2'), provider: notArray },
      node('button', 'after'),
    ];
    const { tools, refusals } = deriveWithRefusals(tree, { sessionId: 's', typeMap });
    expect(tools.map((t) => t.name)).toEqual(['s.before.press', 's.after.press']);
    expect(refusals).toEqual([
      { kind: 'provider_error', widgetId: 'w1', message: 'boom' },
      {
        kind: 'provider_error',
        widgetId: 'w2',
        message: 'mcpTools returned an object, not an array of action specs',
      },
    ]);
  });

  it('loses only the spec whose getter throws', () => {
    const hostile = {
      get name(): string {
        throw new Error('getter');
      },
      run: () => 0,
    };
    const provider: ToolProvider = { mcpTools: () => [hostile as ActionSpec, press] };
    const { tools, refusals } = deriveWithRefusals({ ...node('x', 'w'), provider }, { sessionId: 's' });
    expect(tools.map((t) => t.action)).toEqual(['press']);
    expect(refusals).toEqual([{ kind: 'provider_error', widgetId: 'w', message: 'getter' }]);
  });

  it('keeps only sensitive, destructiveHint and readOnlyHint of the annotations, each only when true', () => {
    const provider: ToolProvider = {
      mcpTools: () => [
        {
          name: 'a',
          annotations: { sensitive: true, destructiveHint: true, readOnlyHint: true, title: 'x' },
          run: () => 0,
        },
        {
          name: 'b',
          annotations: { sensitive: 'yes', destructiveHint: 1, readOnlyHint: 'yes' } as Record<
            string,
            unknown
          >,
          run: () => 0,
        },
        { name: 'c', annotations: { destructiveHint: true }, run: () => 0 },
        { name: 'd', annotations: { readOnlyHint: true, title: 'x' }, run: () => 0 },
      ],
    };
    const { tools } = deriveWithRefusals({ ...node('x', 'w'), provider }, { sessionId: 's' });
    expect(tools.map((t) => t.annotations)).toEqual([
      // A tool that needs approval is not read-only, whatever it says.
      { sensitive: true, destructiveHint: true },
      {},
      { destructiveHint: true },
      { readOnlyHint: true },
    ]);
  });

  it('lists tools in view order: depth-first, parent before children, siblings left to right', () => {
    const tree = node('button', 'a', {}, [
      node('button', 'b', {}, [node('button', 'c')]),
      node('col', undefined, {}, [node('button', 'd')]),
      node('button', 'e'),
    ]);
    expect(names(tree)).toEqual(['s.a.press', 's.b.press', 's.c.press', 's.d.press', 's.e.press']);
  });

  it('derives both widgets that share an id, in view order', () => {
    const tree = [node('button', 'dup', { n: 1 }), node('button', 'dup', { n: 2 })];
    const { tools } = deriveWithRefusals(tree, { sessionId: 's', typeMap });
    expect(tools.map((t) => [t.name, t.node.attrs.n])).toEqual([
      ['s.dup.press', 1],
      ['s.dup.press', 2],
    ]);
  });

  it('reads a plain-object type map by own properties only', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(names(node(type, 'w'))).toEqual([]);
    }
  });

  it('reads a Map type map', () => {
    const { tools } = deriveWithRefusals(node('button', 'w'), {
      sessionId: 's',
      typeMap: new Map([['button', button]]),
    });
    expect(tools.map((t) => t.name)).toEqual(['s.w.press']);
  });

  it('lets the explicit provider marker win over the type map', () => {
    const other: ToolProvider = { mcpTools: () => [{ name: 'other', run: () => 0 }] };
    expect(names({ ...node('button', 'w'), provider: other })).toEqual(['s.w.other']);
  });

  it('derives nothing from a marker without a callable mcpTools, even when the type map has the type', () => {
    for (const marker of [{}, { mcpTools: 'no' }, () => 0]) {
      const n = { ...node('button', 'w'), provider: marker } as unknown as ViewNode;
      expect(deriveWithRefusals(n, { sessionId: 's', typeMap })).toEqual({ tools: [], refusals: [] });
    }
  });

  it('accepts a function marker with a callable mcpTools', () => {
    const fn = Object.assign(() => null, { mcpTools: () => [press] });
    expect(names({ ...node('x', 'w'), provider: fn })).toEqual(['s.w.press']);
  });

  it('ignores a marker of another kind and lets the type map decide; null means no marker', () => {
    for (const marker of ['module', 7, true, null, undefined]) {
      const n = { ...node('button', 'w'), provider: marker } as unknown as ViewNode;
      expect(names(n)).toEqual(['s.w.press']);
    }
  });

  it('passes attrs and the node to mcpTools, so providers can depend on props', () => {
    expect(names(node('button', 'w', { disabled: true }))).toEqual([]);
    const seen: unknown[] = [];
    const provider: ToolProvider = {
      mcpTools: (attrs, n) => {
        seen.push(attrs, n);
        return [];
      },
    };
    const n = { ...node('x', 'w', { label: 'L' }), provider };
    deriveWithRefusals(n, { sessionId: 's' });
    expect(seen).toEqual([{ label: 'L' }, n]);
  });

  it('converts a zod schema and keeps it for argument parsing', () => {
    const schema = z.object({ text: z.string().min(1) });
    const provider: ToolProvider = { mcpTools: () => [{ name: 'add', inputSchema: schema, run: () => 0 }] };
    const [tool] = deriveWithRefusals({ ...node('x', 'w'), provider }, { sessionId: 's' }).tools;
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 } },
    });
    expect(tool?.zod).toBe(schema);
  });

  it('does not re-clean an unchanged spec: the cleaned schema is reused by identity', () => {
    const inputSchema = { type: 'object', properties: { a: { type: 'string' } } };
    const provider: ToolProvider = { mcpTools: () => [{ name: 'a', inputSchema, run: () => 0 }] };
    const n = { ...node('x', 'w'), provider };
    // The cache a session keeps (src/walker/derive-cache.ts), passed to each derivation.
    const cache = new DeriveCache();
    const first = deriveInWalker(n, { sessionId: 's' }, cache).tools[0];
    const second = deriveInWalker(n, { sessionId: 's' }, cache).tools[0];
    expect(second?.inputSchema).toBe(first?.inputSchema);
    expect(second?.definitionKey).toBe(first?.definitionKey);
    // Without one, a derivation remembers nothing: the walker keeps no cache of its own.
    const alone = deriveInWalker(n, { sessionId: 's' }).tools[0];
    expect(alone?.inputSchema).toEqual(first?.inputSchema);
    expect(alone?.inputSchema).not.toBe(first?.inputSchema);
  });

  it('gives a different definition key when the description, schema or annotations change', () => {
    const keyOf = (spec: ActionSpec) =>
      deriveWithRefusals({ ...node('x', 'w'), provider: { mcpTools: () => [spec] } }, { sessionId: 's' })
        .tools[0]?.definitionKey;
    const base = keyOf({ name: 'a', description: 'd', run: () => 0 });
    expect(keyOf({ name: 'a', description: 'd', run: () => 1 })).toBe(base);
    expect(keyOf({ name: 'a', description: 'e', run: () => 0 })).not.toBe(base);
    expect(
      keyOf({ name: 'a', description: 'd', inputSchema: { type: 'object', required: [] }, run: () => 0 }),
    ).not.toBe(base);
    expect(
      keyOf({ name: 'a', description: 'd', annotations: { destructiveHint: true }, run: () => 0 }),
    ).not.toBe(base);
    expect(keyOf({ name: 'a', description: 'd', annotations: { sensitive: true }, run: () => 0 })).not.toBe(
      base,
    );
    expect(
      keyOf({ name: 'a', description: 'd', annotations: { readOnlyHint: true }, run: () => 0 }),
    ).not.toBe(base);
  });

  it('walks a very deep tree without overflowing the stack', () => {
    let tree = node('button', 'leaf');
    for (let i = 0; i < 20_000; i++) tree = node('col', undefined, {}, [tree]);
    expect(names(tree)).toEqual(['s.leaf.press']);
  });

  it('skips non-object children instead of throwing', () => {
    const tree = node('col', undefined, {}, [null, 3, 'x', node('button', 'w')] as unknown as ViewNode[]);
    expect(names(tree)).toEqual(['s.w.press']);
  });
});

describe('deriveTools', () => {
  it('as the package exports it, finds providers in the default type map; the walker alone does not', () => {
    const provider: ToolProvider = { mcpTools: () => [{ name: 'read', run: () => 0 }] };
    const remove = registerDefaultProvider('DefaultOnlyGauge', provider);
    try {
      const tree: ViewNode = { type: 'DefaultOnlyGauge', id: 'g', attrs: {}, children: [] };
      expect(deriveTools(tree, { sessionId: 's' }).map((t) => t.name)).toEqual(['s.g.read']);
      expect(deriveWithRefusals(tree, { sessionId: 's' }).tools.map((t) => t.name)).toEqual(['s.g.read']);
      // The walker holds no registry: its caller passes the map (a session passes its own).
      expect(deriveInWalker(tree, { sessionId: 's' }).tools).toEqual([]);
      expect(deriveTools(tree, { sessionId: 's', typeMap: {} })).toEqual([]);
    } finally {
      remove();
    }
  });

  const logger = (): Logger & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, warn: (m) => lines.push(m) };
  };

  it('returns the tools and logs each refusal as a warning', () => {
    const log = logger();
    const tree = [node('button', 'ok'), node('button', 'bad.id')];
    const tools = deriveTools(tree, { sessionId: 's', typeMap, logger: log });
    expect(tools.map((t) => t.name)).toEqual(['s.ok.press']);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^ink-mcp: widget id "bad\.id" derives no tools/);
  });

  it('logs a refused session id once and derives nothing', () => {
    const log = logger();
    expect(deriveTools(node('button', 'ok'), { sessionId: 'bad id', typeMap, logger: log })).toEqual([]);
    expect(log.lines).toEqual([expect.stringMatching(/^ink-mcp: session id "bad id" derives no tools/)]);
  });

  it('logs to stderr by default, never to stdout', () => {
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      deriveTools(node('button', 'a.b'), { sessionId: 's', typeMap });
      expect(out).not.toHaveBeenCalled();
      expect(err).toHaveBeenCalledWith(expect.stringContaining('widget id "a.b"'));
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
