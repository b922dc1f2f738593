// Issue #31, item 5: the todo example started as an agent starts it, with INK_MCP_SCREENSHOTS=1.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CELL } from '../../src/screen/screen-svg.js';
import { colours, decodePng, PNG_SIGNATURE } from '../helpers/png.js';
import { startTodo } from './todo-process.js';

describe('examples/todo --stdio with INK_MCP_SCREENSHOTS=1', () => {
  it('lists todo_screen_screenshot (before the app has loaded, and after), whose PNG is 100 × 30 cells with the cursor row in cyan', {
    timeout: 60_000,
  }, async () => {
    const todo = await startTodo([], { INK_MCP_SCREENSHOTS: '1' });
    try {
      const names = (await todo.client.listTools()).tools.map((t) => t.name);
      expect(names.filter((name) => name.endsWith('screenshot'))).toEqual(['todo_screen_screenshot']);
      await todo.act('todos', 'add_item', { text: 'Buy oat milk' });
      await todo.client.callTool({ name: 'todo_keyboard_press', arguments: { keys: ['tab', 'tab'] } });
      const shot = (await todo.client.callTool({
        name: 'todo_screen_screenshot',
        arguments: {},
      })) as CallToolResult;
      expect(shot.isError).toBeFalsy();
      expect(shot.content[0]).toMatchObject({ type: 'text' });
      expect((shot.content[0] as { text: string }).text).toContain('› [ ] Buy oat milk #0');
      const image = shot.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
      expect(image.mimeType).toBe('image/png');
      const bytes = Buffer.from(image.data, 'base64');
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const png = decodePng(bytes);
      expect([png.width, png.height]).toEqual([100 * CELL.cellWidth, 30 * CELL.cellHeight]);
      expect(colours(png, 0, 0, png.width, png.height).has('#00cdcd')).toBe(true);
      expect((await todo.client.listTools()).tools.map((t) => t.name)).toEqual(names);
    } finally {
      await todo.client.close();
    }
  });
});
