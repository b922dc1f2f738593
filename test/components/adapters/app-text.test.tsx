// Issue #41 item 5: text an app wrote (an option label with its own colours) reaches the agent
// cleaned, in every place: the action's description, get_options, get_selected, over a real client.
import { Text } from 'ink';
import SelectInput from 'ink-select-input';
import { describe, expect, it } from 'vitest';
import '../../../index.js'; // the package root: its default adapters, as an app importing ink-mcp gets
import { renderHeadless } from '../../../src/testing/index.js';

// A branch picker as git UIs draw one: the age dimmed with the app's own SGR codes in the label.
const ITEMS = [
  { label: 'main (main) \u001b[90mjust now\u001b[0m', value: 'main' },
  {
    label: 'feature \u001b]8;;https://example.com\u0007link\u001b]8;;\u0007 \u001b[1mtip\u001b[22m',
    value: 'feature',
  },
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape codes is the point.
const escapes = /\u001b|\[90m|\[0m|\]8;;/;

type Content = Array<{ type: string; text?: string }>;
const textOf = (result: unknown) =>
  ((result as { content: Content }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('labels an app colours itself', () => {
  it('reach the agent without their escape codes: description, get_options, get_selected', async () => {
    const app = await renderHeadless(
      <>
        <Text>Branch:</Text>
        <SelectInput items={ITEMS} onSelect={() => {}} />
      </>,
    );
    try {
      const act = (action: string) =>
        app.client.callTool({ name: 'app_act', arguments: { widget: 'select_input_1', action, args: {} } });
      const options = await act('get_options');
      const optionsText = textOf(options);
      // JSON, one line or indented: the labels as a person sees them.
      expect(optionsText).toMatch(/"label": ?"main \(main\) just now"/);
      expect(optionsText).toMatch(/"label": ?"feature link tip"/);
      expect(optionsText).not.toMatch(escapes);
      const selected = textOf(await act('get_selected'));
      expect(selected).toMatch(/"label": ?"main \(main\) just now"/);
      expect(selected).not.toMatch(escapes);
      // "Actions now", where the select's description names its options by their labels.
      const actionsNow = textOf(await app.client.callTool({ name: 'app_screen_read', arguments: {} }));
      expect(actionsNow).toContain('by value or index: "main (main) just now", "feature link tip"');
      expect(actionsNow).not.toMatch(escapes);
    } finally {
      await app.unmount();
    }
  });
});
