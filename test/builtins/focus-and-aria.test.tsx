import { Box, Text, useFocus } from 'ink';
import { describe, expect, it } from 'vitest';
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
