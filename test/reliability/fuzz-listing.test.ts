import type { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Client as SdkClient } from '@modelcontextprotocol/client';
import { ListToolsResultSchema } from '@modelcontextprotocol/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Registry } from '../../src/registry/registry.js';
import { createMcpServer, type McpServerHandle } from '../../src/server/index.js';
import { listTools } from '../../src/server/list-tools.js';
import { Session } from '../../src/session/session.js';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { describeRefusal } from '../../src/walker/describe-refusal.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import {
  buildTree,
  DOTTED_NAME,
  jsonFault,
  treePlan,
  typeMapFor,
  uncleanString,
} from './fixtures/hostile-trees.js';

/**
 * Cases for the walker property; `FUZZ_RUNS=100000 npx vitest run test/reliability/fuzz-listing.test.ts`
 * for a longer run. The server property lists through a real SDK client over an in-memory transport
 * (a JSON-RPC round trip, the client's own validation of the result), so it runs 1/20th as many cases.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const SERVER_RUNS = Math.max(1, Math.ceil(RUNS / 20));
// A guard against a hang, not a timing goal: 10,000 cases take ~40 s on an idle 2-core machine.
const TIMEOUT = Math.max(30_000, RUNS * 15);

/** What LLM function calling accepts as a tool name: what a server lists by default. */
const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What every listing must be, whatever the providers did. */
function expectSafeListing(tools: unknown[], namePattern: RegExp): void {
  // The client's own schema: one bad tool would cost the client every tool.
  const parsed = ListToolsResultSchema.safeParse({ tools });
  expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
  const unclean = uncleanString(tools);
  expect(
    unclean,
    `a listed string holds a cleaning-set character: ${JSON.stringify(unclean)}`,
  ).toBeUndefined();
  // JSON-encodable: the round trip gives back exactly the same value (no -0, undefined, NaN, …).
  expect(jsonFault(tools)).toBeUndefined();
  const names = tools.map((t) => (t as { name: string }).name);
  for (const name of names) expect(name).toMatch(namePattern);
  expect(new Set(names).size).toBe(names.length);
}

describe('fuzz: hostile providers through the walker and the listing', () => {
  it(
    'never throws, lists only clean JSON the SDK accepts, and runs no handler',
    () => {
      const registry = new Registry({ logger: memoryLogger() });
      fc.assert(
        fc.property(treePlan, (plan) => {
          const calls = { ran: 0 };
          const tree = buildTree(plan, calls);
          const { tools, refusals } = deriveWithRefusals(tree, {
            sessionId: 'fz',
            typeMap: typeMapFor(calls),
          });
          // The synchronizer logs each refusal: wording one must not throw either.
          for (const refusal of refusals) expect(typeof describeRefusal(refusal)).toBe('string');
          registry.replaceSession('fz', tools);
          const listing = listTools(
            registry.list(),
            (name) => name,
            () => {},
          );
          expectSafeListing(listing, DOTTED_NAME);
          expect(calls.ran).toBe(0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  describe('through a server and a real SDK client', () => {
    let server: McpServerHandle;
    let client: Client;
    const source = new DataSource();
    const calls = { ran: 0 };
    const logger = memoryLogger();

    beforeAll(async () => {
      server = createMcpServer({ ...WIDGETS, logger, coalesce: { waitMs: 1, maxWaitMs: 5 } });
      server.attach(new Session({ id: 'fz', source, typeMap: typeMapFor(calls) }));
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      client = new SdkClient({ name: 'fuzz', version: '1' });
      await client.connect(clientSide);
    });
    afterAll(async () => {
      await client.close();
      await server.close();
    });

    it(
      'answers every tools/list and resource read; the listing is clean JSON',
      async () => {
        await fc.assert(
          fc.asyncProperty(treePlan, async (plan) => {
            source.set(buildTree(plan, calls));
            await source.settled();
            // listTools validates the result with the SDK's schema: a bad listing rejects here.
            const { tools } = await client.listTools();
            expectSafeListing(tools, PORTABLE_NAME);
            for (const kind of ['screen', 'tree']) {
              const read = await client.readResource({ uri: `ink://fz/${kind}` });
              expect(read.contents).toHaveLength(1);
            }
          }),
          { numRuns: SERVER_RUNS },
        );
        expect(calls.ran).toBe(0);
        expect(logger.lines.filter((l) => /failed inside the server|listener threw/.test(l))).toEqual([]);
      },
      TIMEOUT,
    );
  });
});
