// Issue #43: the todo example's MCP App view, rendered by a local MCP Apps host (the ext-apps SDK's
// AppBridge, the view in real headless Chromium in a sandboxed iframe under a deny-by-default CSP).
import { writeFileSync } from 'node:fs';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openAppHost } from '../helpers/app-host.js';
import { decodePng } from '../helpers/png.js';
import { stableNames } from '../helpers/widgets-surface.js';
import { startTodo } from './todo-process.js';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
/** Set to write the README's screenshot (docs/app-view.png) from this run. */
const WRITE_DOCS_PNG = process.env.INK_MCP_WRITE_DOCS_PNG === '1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('examples/todo in an MCP Apps host (#43)', () => {
  it('the view shows the screen, follows act calls, and a delete runs only on the person’s click', async () => {
    const todo = await startTodo([], {}, UI);
    let host: Awaited<ReturnType<typeof openAppHost>> | undefined;
    try {
      const tools = (await todo.client.listTools()).tools;
      const act = tools.find((t) => t.name === 'todo_act') as Tool;
      expect(act._meta?.ui).toEqual({ resourceUri: 'ui://todo/screen' });
      expect(tools.map((t) => t.name)).toEqual([
        ...stableNames('todo'),
        'todo_screen_view',
        'todo_screen_answer',
      ]);

      // The model's first call; the host shows the view beside it.
      const args = { widget: 'todos', action: 'add_item', args: JSON.stringify({ text: 'buy milk' }) };
      const added = (await todo.client.callTool({ name: 'todo_act', arguments: args })) as CallToolResult;
      expect(added.isError).toBeFalsy();
      host = await openAppHost({
        browser,
        client: todo.client,
        call: { tool: act, arguments: args, result: added },
      });
      const view = host.frame();
      const screen = view.locator('#screen pre.ink-screen-rows');
      await expect.poll(() => screen.textContent(), { timeout: 30_000 }).toContain('[ ] buy milk');
      // Colours as drawn: the screen is spans with inline colours, not plain text.
      expect(await screen.locator('span[style*="color"]').count()).toBeGreaterThan(0);
      expect(await view.locator('.ink-screen-focus').textContent()).toMatch(/^Focus: /);

      // It follows the agent: the next act shows without anything on the person's side.
      await todo.act('todos', 'add_item', { text: 'write tests' });
      await expect.poll(() => screen.textContent(), { timeout: 30_000 }).toContain('[ ] write tests');
      // The watcher's timeline shows the agent's calls as they went by.
      await expect
        .poll(() => view.locator('#calls').textContent(), { timeout: 30_000 })
        .toMatch(/todo\.todos\.add_item \{"text":"write tests"\} → /);

      // A delete: the client has no elicitation, so the question goes to the view.
      const deleting = todo.client.callTool({
        name: 'todo_act',
        arguments: { widget: 'todos', action: 'delete_item', args: JSON.stringify({ index: 0 }) },
      }) as Promise<CallToolResult>;
      deleting.catch(() => {}); // awaited below; a failure before then must not go unhandled
      const question = view.locator('#question');
      await expect.poll(() => question.isVisible(), { timeout: 30_000 }).toBe(true);
      const asked = (await view.locator('#question-text').textContent()) ?? '';
      expect(asked).toMatch(
        /An agent wants to call todo\.todos\.delete_item in the app "todo" with \{"index":0\}/,
      );
      // Armed after a moment (the attached y/N's rule): a click before then would not count.
      await expect.poll(() => question.getAttribute('class'), { timeout: 30_000 }).toBe('armed');

      // The model tries to approve it itself, calling the app-only tool by name: refused, nothing runs.
      for (const attempt of [
        { approve: true },
        { viewToken: 'k'.repeat(32), questionToken: 'q', approve: true },
      ]) {
        const tried = (await todo.client.callTool({
          name: 'todo_screen_answer',
          arguments: attempt,
        })) as CallToolResult;
        expect(tried.isError).toBe(true);
        expect(JSON.stringify(tried.content)).toMatch(/A model cannot answer for the person/);
      }
      // (Read as a resource: a call would queue behind the delete, which holds the session's turn.)
      const still = await todo.client.readResource({ uri: 'ink://todo/screen' });
      expect((still.contents[0] as { text: string }).text).toContain('[ ] buy milk');
      expect(await question.isVisible()).toBe(true);

      const shot = await host.page.locator('#view').screenshot();
      const png = decodePng(shot);
      // The host sized the frame to the view (size-changed): the screen and the question fit whole.
      expect(png.width).toBe(900);
      expect(png.height).toBeGreaterThan(450);
      // The question's Approve button is painted in its green (#2a7), the screen in the terminal's dark.
      expect(hasPixel(png, [0x22, 0xaa, 0x77])).toBe(true);
      expect(hasPixel(png, [0x1e, 0x1e, 0x1e])).toBe(true);
      if (WRITE_DOCS_PNG) writeFileSync(new URL('../../docs/app-view.png', import.meta.url), shot);

      // The person clicks Approve in the view: the delete runs, once.
      await view.locator('#approve').click();
      const deleted = await deleting;
      expect(deleted.isError).toBeFalsy();
      const said = (deleted.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      expect(said).toMatch(/"deleted":\{"text":"buy milk","done":false\}/);
      expect(said).toMatch(/Approved by the person watching this session/);
      await expect.poll(() => question.isVisible(), { timeout: 30_000 }).toBe(false);
      await expect.poll(() => screen.textContent(), { timeout: 30_000 }).not.toContain('buy milk');
      const after = (await todo.client.callTool({
        name: 'todo_todos_list',
        arguments: {},
      })) as CallToolResult;
      expect(JSON.stringify(after.content)).toMatch(
        /\\"items\\":\[\{\\"index\\":0,\\"text\\":\\"write tests\\"/,
      );

      // The view called only its own tools, and loaded nothing beyond its page: the CSP held.
      expect(new Set(host.viewCalls)).toEqual(new Set(['todo_screen_view', 'todo_screen_answer']));
      expect(host.requests).toEqual([`${host.origin}/host`, `${host.origin}/view`]);
      expect(host.problems).toEqual([]);
    } finally {
      await host?.close();
      await todo.client.close();
    }
  }, 120_000);
});

function hasPixel(png: { width: number; height: number; rgba: Uint8Array }, rgb: [number, number, number]) {
  for (let i = 0; i < png.width * png.height * 4; i += 4) {
    if (png.rgba[i] === rgb[0] && png.rgba[i + 1] === rgb[1] && png.rgba[i + 2] === rgb[2]) return true;
  }
  return false;
}
