// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { useMcpTools } from '../../src/react/index.js';
import { Hub } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import type { ViewSource } from '../../src/session/view-source.js';
import type { SpliceNotes } from '../../src/walker/splice-note.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';
import { falseNotes } from '../helpers/splice-notes.js';
import { mount } from './helpers.js';

/*
 * Issue #32: the walker keeps no process-wide state. What a derivation remembers between trees (a
 * source's splice notes, a session's cleaned specs and last accepted ids) belongs to one session:
 * two sessions in one process see nothing of each other's.
 */

afterEach(() => cleanup());

/** Every list of `tree` (the forest and each node's children) that `notes` holds a note of. */
function noted(tree: readonly ViewNode[], notes: SpliceNotes): readonly unknown[][] {
  const found: unknown[][] = [];
  const visit = (list: readonly ViewNode[]) => {
    if (notes.spliceOf(list) !== undefined) found.push(list as unknown[]);
    for (const node of list) visit(node.children);
  };
  visit(tree);
  return found;
}

function app(prefix: string, bumps: Map<string, () => void>) {
  function Row({ id }: { id: string }) {
    const [n, setN] = useState(0);
    bumps.set(id, () => setN((x) => x + 1));
    useMcpTools(id, { [`v${n % 2}`]: { run: () => n } });
    return <Text>{`${id}=${n}`}</Text>;
  }
  return (
    <Box flexDirection="column">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Box key={key}>
          <Row id={`${prefix}${key}`} />
        </Box>
      ))}
    </Box>
  );
}

it('each session’s source notes its lists in its own notes, which another session’s commits never touch', async () => {
  const bumpsA = new Map<string, () => void>();
  const bumpsB = new Map<string, () => void>();
  const a = mount(app('a', bumpsA), { builtinTools: true });
  const b = mount(app('b', bumpsB), { builtinTools: true });
  const notesA = a.source.spliceNotes!;
  const notesB = b.source.spliceNotes!;
  expect(notesA).toBeDefined();
  expect(notesB).toBeDefined();
  expect(notesA).not.toBe(notesB);

  bumpsA.get('ab')!();
  await a.source.settled();
  const treeA = a.session.toolTree();
  const mine = noted(treeA, notesA);
  // The update rebuilt lists from the last ones and noted them, truly, in A's notes only.
  expect(mine.length).toBeGreaterThan(0);
  expect(falseNotes(treeA, notesA)).toEqual([]);
  expect(noted(treeA, notesB)).toEqual([]);

  // Many commits of B, more notes than a ring holds: A's notes stay as they were.
  for (let i = 0; i < 40; i++) {
    bumpsB.get(`b${'abcd'[i % 4]}`)!();
    await b.source.settled();
  }
  expect(noted(treeA, notesA)).toEqual(mine);
  expect(noted(b.session.toolTree(), notesA)).toEqual([]);
  a.ink.unmount();
  b.ink.unmount();
});

it('each session cleans specs in its own cache: two sessions share no cleaned schema', () => {
  const provider: ToolProvider = {
    mcpTools: () => [
      { name: 'add', description: 'Add', inputSchema: z.object({ text: z.string() }), run: () => 1 },
    ],
  };
  const sessionOf = (id: string) => {
    const tree: ViewNode[] = [{ type: 'w', id: 'list', attrs: {}, children: [], provider }];
    const source: ViewSource = {
      current: () => tree,
      snapshot: () => tree,
      subscribe: () => () => {},
      settled: () => Promise.resolve(),
    };
    return new Session({ id, source });
  };
  const one = sessionOf('one');
  const two = sessionOf('two');
  expect(one.deriveCache).not.toBe(two.deriveCache);
  const hub = new Hub({ logger: { warn: () => {} } });
  try {
    hub.attach(one);
    hub.attach(two);
    const first = hub.registry.get('one.list.add')!;
    const second = hub.registry.get('two.list.add')!;
    // The same listing, cleaned once per session: equal, never the same shared object.
    expect(second.inputSchema).toEqual(first.inputSchema);
    expect(second.inputSchema).not.toBe(first.inputSchema);
    // Within one session the cache still answers a spec it cleaned with the same object.
    const again = one.deriveCache.specs.clean('Add', z.object({ text: z.string() }));
    expect(again.ok && again.inputSchema).toBe(first.inputSchema);
    expect(two.deriveCache.specs.clean('Add', z.object({ text: z.string() }))).not.toBe(again);
  } finally {
    hub.close();
  }
});
