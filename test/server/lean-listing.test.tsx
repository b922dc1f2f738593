/**
 * The stable surface's tool list is what every model reads on every request: at most 2,500
 * characters of JSON for the nine tools of a session `todo` (issue #38 item 2), every property
 * described, and what the listing no longer says (every key name, the bounds) said by the refusal
 * that needs it.
 */

import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';
import { stableNames } from '../helpers/widgets-surface.js';

const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.unmount();
});

type Result = CallToolResult & { content: { type: string; text: string }[] };

async function todo(): Promise<HeadlessApp> {
  const a = await renderHeadless(<App initial={[{ text: 'Buy milk', done: false }]} />, { session: 'todo' });
  apps.push(a);
  return a;
}

/** Every schema object under `schema.properties`, with its path, at any depth. */
function properties(schema: unknown, path: string): [string, Record<string, unknown>][] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const own = Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>);
  return [
    ...own.flatMap(([key, value]) => [
      [`${path}.${key}`, value] as [string, Record<string, unknown>],
      ...properties(value, `${path}.${key}`),
    ]),
    ...properties(s.items, `${path}[]`),
  ];
}

describe('the lean tool list', () => {
  it('lists the nine tools in at most 2,500 characters of JSON, each tool and every property described', async () => {
    const a = await todo();
    const { tools } = await a.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(stableNames('todo'));
    expect(JSON.stringify(tools).length).toBeLessThanOrEqual(2_500);
    const undescribed = [
      ...tools
        .filter((t) => !(typeof t.description === 'string' && t.description.length > 0))
        .map((t) => t.name),
      ...tools
        .flatMap((t) => properties(t.inputSchema, t.name))
        .filter(([, p]) => !(typeof p.description === 'string' && p.description.length > 0))
        .map(([path]) => path),
    ];
    expect(undescribed).toEqual([]);
  });

  it('names every valid key in the refusal of an unknown one, and nothing is pressed', async () => {
    const a = await todo();
    const before = a.lastFrame();
    const refused = (await a.client.callTool({
      name: 'todo_keyboard_press',
      arguments: { keys: ['x', 'entr'] },
    })) as Result;
    expect(refused.isError).toBe(true);
    const text = refused.content[0]!.text;
    for (const name of ['shift+tab', 'pagedown', 'backspace', 'home', 'f12', 'ctrl+'])
      expect(text).toContain(name);
    expect(a.lastFrame()).toBe(before);
  });

  it('refuses arguments out of bounds with what is allowed, before anything happens', async () => {
    const a = await todo();
    const before = a.lastFrame();
    const refusal = async (name: string, args: Record<string, unknown>) => {
      const result = (await a.client.callTool({ name, arguments: args })) as Result;
      expect(result.isError).toBe(true);
      return result.content[0]!.text;
    };
    expect(await refusal('todo_keyboard_press', { keys: [] })).toContain('give at least one key name');
    expect(await refusal('todo_keyboard_press', { keys: Array(501).fill('a') })).toContain(
      'more than the 500 one call takes',
    );
    expect(await refusal('todo_keyboard_type', { text: 'x'.repeat(10_001) })).toContain(
      'more than the 10000 one call types',
    );
    expect(await refusal('todo_keyboard_type', { text: '' })).toContain('`text` is empty');
    expect(await refusal('todo_screen_read', { offset: -1, styles: null })).toContain('`offset` is -1');
    expect(
      await refusal('todo_screen_wait_for', { text: 'Todo', pattern: null, timeout_ms: 25_001 }),
    ).toContain('give 0 to 25000');
    expect(await refusal('todo_screen_wait_for', { text: '', pattern: null, timeout_ms: null })).toContain(
      '`text` is empty',
    );
    expect(
      await refusal('todo_screen_wait_for', { text: null, pattern: 'a'.repeat(1_001), timeout_ms: null }),
    ).toContain('more than the 1000 allowed');
    // Not one key reached the app.
    expect(a.lastFrame()).toBe(before);
  });
});
