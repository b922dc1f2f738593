import { Box, Text, useFocus } from 'ink';
import { describe, expect, it } from 'vitest';
import { App as Todo } from '../../examples/todo/App.js';
import { useMcpTools } from '../../src/index.js';
import type { TreeNodeJson } from '../../src/server/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { textOf } from './helpers.js';

/** A widget that declares tools and takes Tab focus under Ink's own (random) focus id. */
function Field({ id }: { id: string }) {
  const { isFocused } = useFocus();
  useMcpTools(id, { ping: { run: () => `pong from ${id}` } });
  return (
    <Box aria-role="textbox" aria-state={{ selected: isFocused }} aria-label={id}>
      <Text>{`${isFocused ? '>' : ' '} ${id}`}</Text>
    </Box>
  );
}

function Form() {
  return (
    <Box flexDirection="column">
      <Field id="name" />
      <Field id="city" />
    </Box>
  );
}

async function tree(app: Awaited<ReturnType<typeof renderHeadless>>): Promise<TreeNodeJson[]> {
  const read = await app.client.readResource({ uri: 'ink://app/tree' });
  return JSON.parse((read.contents[0] as { text: string }).text) as TreeNodeJson[];
}

describe('what the agent sees without code', () => {
  it('every answer says which widget has focus', async () => {
    const app = await renderHeadless(<Form />, WIDGETS);
    try {
      await app.waitForSync();
      const before = await app.client.callTool({ name: 'app.name.ping', arguments: {} });
      expect(textOf(before)).toContain('Focus: nothing has focus');
      const tab = await app.client.callTool({
        name: 'app.keyboard.press',
        arguments: { keys: ['tab', 'tab'] },
      });
      expect(textOf(tab)).toMatch(/Focus: widget "city" \(Ink focus id "[^"]+"\)/);
    } finally {
      await app.unmount();
    }
  });

  it("names ink-mcp's own widgets by their widget id alone, and focus.set takes that id", async () => {
    // The todo example's text input and tab bar are ink-mcp's components, whose Ink focus ids are made up.
    const app = await renderHeadless(<Todo />, { session: 'todo' });
    try {
      const first = textOf(await app.client.callTool({ name: 'todo_focus_list', arguments: {} }));
      expect(first).toMatch(/"focused":"ink-mcp[^"]*"/);
      const pressed = textOf(
        await app.client.callTool({ name: 'todo_keyboard_press', arguments: { keys: ['tab'] } }),
      );
      expect(pressed).toMatch(/\n\nFocus: widget "filter"\n/);
      const set = await app.client.callTool({ name: 'todo_focus_set', arguments: { id: 'new_item' } });
      expect(textOf(set)).toMatch(/^Focus: "ink-mcp[^"]*"\./);
      const after = textOf(await app.client.callTool({ name: 'todo_screen_read', arguments: {} }));
      expect(after).toContain('›New:');
      // The app's own focus id (the list's "list") is still given, and still taken.
      const list = await app.client.callTool({ name: 'todo_focus_set', arguments: { id: 'list' } });
      expect(list.isError).toBeFalsy();
      const none = await app.client.callTool({ name: 'todo_focus_set', arguments: { id: 'nowhere' } });
      expect(none.isError).toBe(true);
      expect(textOf(none)).toContain('no widget of that id holds exactly one; focus did not move');
    } finally {
      await app.unmount();
    }
  });

  it('the tree resource marks the focused widget and carries the aria outline', async () => {
    const app = await renderHeadless(<Form />, WIDGETS);
    try {
      await app.waitForSync();
      await app.client.callTool({ name: 'app.focus.next', arguments: {} });
      const nodes = await tree(app);
      const name = nodes.find((n) => n.id === 'name');
      expect(name?.focused).toBe(true);
      expect(nodes.find((n) => n.id === 'city')?.focused).toBeUndefined();
      const screen = nodes.find((n) => n.id === 'screen');
      expect(screen?.attrs.accessibility).toEqual([
        { role: 'textbox', state: { selected: true }, label: 'name', text: '', children: [] },
        { role: 'textbox', state: { selected: false }, label: 'city', text: '', children: [] },
      ]);
    } finally {
      await app.unmount();
    }
  });
});
