import type { Client, Tool } from '@modelcontextprotocol/client';
import { Text, useFocus } from 'ink';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useMcpTools } from '../../src/index.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';
import { BUILTIN_CATALOG } from '../../src/walker/builtin-catalog.js';
import { openAiStrictIssues } from '../helpers/openai-strict.js';
import { WIDGETS } from '../helpers/widgets-surface.js';

/** A small app: argument-less tools (JSON and zod), a zod tool with .int(), and annotated ones. */
function Panel() {
  useFocus({ id: 'panel' });
  useMcpTools('panel', {
    refresh: { description: 'Redraw the panel.', run: () => 'refreshed!' },
    reset: { inputSchema: z.object({}), run: () => 'was reset!' },
    move: {
      inputSchema: z.object({ steps: z.number().int(), note: z.string().nullable() }),
      run: (args) => JSON.stringify(args),
    },
    tag: {
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, color: { type: ['string', 'null'] } },
        required: ['name', 'color'],
        additionalProperties: false,
      },
      run: (args) => JSON.stringify(args),
    },
    peek: { annotations: { readOnlyHint: true }, run: () => 'peeked' },
    wipe: { annotations: { readOnlyHint: true, destructiveHint: true }, run: () => 'wiped' },
    reveal: { annotations: { readOnlyHint: true, sensitive: true }, run: () => 'revealed' },
  });
  return <Text>panel</Text>;
}

const READ_ONLY_BUILTINS = ['screen.read', 'screen.wait_for', 'focus.list'];
const BUILTINS = BUILTIN_CATALOG.map((entry) => entry.name);

async function withApp(options: object, test: (app: HeadlessApp) => Promise<void>): Promise<void> {
  const app = await renderHeadless(<Panel />, { includeScreen: false, ...options });
  try {
    await app.waitForSync();
    await test(app);
  } finally {
    await app.unmount();
  }
}

/** The listed tools by canonical name (`panel.refresh`, `screen.read`: the part after the session). */
async function listedByName(client: Client): Promise<Map<string, Tool>> {
  const { tools } = await client.listTools();
  const known = [
    ...BUILTINS,
    'act',
    'panel.refresh',
    'panel.reset',
    'panel.move',
    'panel.tag',
    'panel.peek',
    'panel.wipe',
    'panel.reveal',
  ];
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    const name = known.find((k) => tool.name === `app_${k.replace('.', '_')}` || tool.name === `app.${k}`);
    if (name === undefined) throw new Error(`unexpected tool ${tool.name}`);
    byName.set(name, tool);
  }
  return byName;
}

const text = (result: unknown): string =>
  ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe.each([
  ['the widgets surface', WIDGETS],
  ['the stable surface', {}],
])('listed to a real SDK client, on %s', (_surface, options) => {
  it('every built-in passes OpenAI strict mode, and only screen.read, screen.wait_for and focus.list are read-only', async () => {
    await withApp(options, async (app) => {
      const tools = await listedByName(app.client);
      for (const name of BUILTINS) {
        const tool = tools.get(name);
        expect(tool, name).toBeDefined();
        expect(openAiStrictIssues(tool!.inputSchema), name).toEqual([]);
        expect(tool!.annotations?.readOnlyHint === true, name).toBe(READ_ONLY_BUILTINS.includes(name));
      }
    });
  });
});

describe('listed to a real SDK client, on the widgets surface', () => {
  it('argument-less tools (no schema, or z.object({})) pass OpenAI strict mode', async () => {
    await withApp(WIDGETS, async (app) => {
      const tools = await listedByName(app.client);
      for (const name of ['panel.refresh', 'panel.reset', 'panel.peek', 'panel.wipe', 'panel.reveal']) {
        expect(tools.get(name)?.inputSchema, name).toEqual({
          type: 'object',
          properties: {},
          required: [],
          additionalProperties: false,
        });
        expect(openAiStrictIssues(tools.get(name)!.inputSchema), name).toEqual([]);
      }
    });
  });

  it('a zod tool is listed without $schema and without the ±(2^53 − 1) bounds of .int()', async () => {
    await withApp(WIDGETS, async (app) => {
      const move = (await listedByName(app.client)).get('panel.move')!;
      expect(move.inputSchema).not.toHaveProperty('$schema');
      expect(JSON.stringify(move.inputSchema)).not.toMatch(/9007199254740991/);
      expect(move.inputSchema.properties).toEqual({
        steps: { type: 'integer' },
        note: { type: ['string', 'null'] },
      });
      // The registry keeps zod's bounds (it checks them): only the listing drops them. zod's
      // $schema is the converter's, dropped where zod is converted.
      const held = app.server.hub.registry.get('app.panel.move')!;
      expect(JSON.stringify(held.inputSchema)).toMatch(/9007199254740991/);
      expect(held.inputSchema).not.toHaveProperty('$schema');
    });
  });

  it('readOnlyHint reaches the client on an author tool marked read-only, never with destructiveHint or sensitive', async () => {
    await withApp(WIDGETS, async (app) => {
      const tools = await listedByName(app.client);
      expect(tools.get('panel.peek')?.annotations).toEqual({ readOnlyHint: true });
      expect(tools.get('panel.wipe')?.annotations).toEqual({ destructiveHint: true });
      // `sensitive` is ink-mcp's own: the SDK client keeps only MCP's annotations, so it sees none.
      expect(tools.get('panel.reveal')?.annotations?.readOnlyHint).toBeUndefined();
      expect(app.server.hub.registry.get('app.panel.reveal')?.annotations).toEqual({ sensitive: true });
      expect(tools.get('panel.refresh')?.annotations).toBeUndefined();
      // Read-only changes nothing about approval: peek runs, wipe still needs the authorizer.
      expect(text(await app.client.callTool({ name: 'app.panel.peek', arguments: {} }))).toContain('peeked');
      const wipe = await app.client.callTool({ name: 'app.panel.wipe', arguments: {} });
      expect(wipe.isError).toBe(true);
      expect(text(wipe)).toMatch(/denied/);
    });
  });

  it('the stable surface marks the actions in an answer: read-only, or needing approval', async () => {
    await withApp({}, async (app) => {
      const peek = await app.client.callTool({
        name: 'app_act',
        arguments: { widget: 'panel', action: 'peek', args: '{}' },
      });
      expect(text(peek)).toMatch(/\npanel\.peek \(read-only\)\n/);
      expect(text(peek)).toMatch(/\npanel\.wipe \(needs approval\)\n/);
      expect(text(peek)).toMatch(/\npanel\.reveal \(needs approval\)$/);
    });
  });

  it('a required nullable argument may be left out: the handler gets null; others missing are refused as before', async () => {
    await withApp(WIDGETS, async (app) => {
      const { client } = app;
      expect(text(await client.callTool({ name: 'app.panel.move', arguments: { steps: 2 } }))).toContain(
        '{"steps":2,"note":null}',
      );
      expect(text(await client.callTool({ name: 'app.panel.tag', arguments: { name: 'x' } }))).toContain(
        '{"name":"x","color":null}',
      );
      const missing = await client.callTool({ name: 'app.panel.tag', arguments: { color: 'red' } });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toMatch(
        /invalid arguments for "app_panel_tag": name: is required\. Fix the argument/,
      );
      // What a person types: screen.wait_for with text alone.
      const waited = await client.callTool({ name: 'app.screen.wait_for', arguments: { text: 'panel' } });
      expect(waited.isError, text(waited)).toBeFalsy();
      expect(text(waited)).toContain('The screen shows "panel".');
      expect(text(await client.callTool({ name: 'app.focus.set', arguments: {} }))).toMatch(
        /id: is required/,
      );
    });
  });

  it('an extra key to an argument-less tool is refused, saying it takes no arguments; the handler never runs', async () => {
    await withApp(WIDGETS, async (app) => {
      for (const name of ['app.panel.refresh', 'app.panel.reset', 'app.focus.list']) {
        const result = await app.client.callTool({ name, arguments: { verbose: true } });
        expect(result.isError, name).toBe(true);
        expect(text(result)).toMatch(
          /verbose: is not allowed: this tool takes no arguments \(call it with \{\}\)/,
        );
        expect(text(result)).not.toMatch(/refreshed!|was reset!/);
      }
      expect(text(await app.client.callTool({ name: 'app.panel.refresh', arguments: {} }))).toContain(
        'refreshed!',
      );
    });
  });
});
