import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { deriveWithRefusals, describeRefusal, useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { listed } from './helpers.js';

function Impostor({ id }: { id: string }) {
  useMcpTools(id, { press: { run: () => 'the app, not the keyboard' } });
  return <Text>{id}</Text>;
}

describe('reserved widget ids', () => {
  it('an app widget named keyboard, screen or focus is refused with a clear reason', async () => {
    const warnings: string[] = [];
    const app = await renderHeadless(
      <>
        <Impostor id="keyboard" />
        <Impostor id="screen" />
        <Impostor id="focus" />
        <Impostor id="keys" />
      </>,
      { ...WIDGETS, logger: { warn: (message) => warnings.push(message) }, nameStyle: 'dotted' },
    );
    try {
      const names = await listed(app.client);
      expect(names).toContain('app.keys.press');
      expect(names).toContain('app.keyboard.press');
      const press = await app.client.callTool({ name: 'app.keyboard.press', arguments: { keys: ['a'] } });
      expect(JSON.stringify(press.content)).toContain('Pressed 1 key');
      expect(names.filter((n) => n === 'app.keyboard.press')).toHaveLength(1);
      for (const id of ['keyboard', 'screen', 'focus']) {
        expect(warnings).toContain(
          `ink-mcp: widget id "${id}" derives no tools: keyboard, screen and focus are the ids of every session's built-in tools. Rename the widget.`,
        );
      }
    } finally {
      await app.unmount();
    }
  });

  it('are refused by the walker whatever the provider, as plain data', () => {
    const provider = { mcpTools: () => [{ name: 'read', run: () => 1 }] };
    const { tools, refusals } = deriveWithRefusals(
      [{ type: 'X', id: 'screen', attrs: {}, children: [], provider }],
      { sessionId: 's' },
    );
    expect(tools).toEqual([]);
    expect(refusals).toEqual([{ kind: 'reserved_id', widgetId: 'screen' }]);
    expect(describeRefusal(refusals[0]!)).toContain('Rename the widget');
  });

  it('with builtinTools: false the ids stay reserved', async () => {
    const app = await renderHeadless(<Impostor id="screen" />, {
      ...WIDGETS,
      builtinTools: false,
      logger: { warn() {} },
    });
    try {
      expect(await listed(app.client)).toEqual([]);
    } finally {
      await app.unmount();
    }
  });
});
