import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { FocusList } from './apps.js';
import { textOf } from './helpers.js';

/** Shows "ready" when `loaded` settles, after it is told to start: something to wait for. */
function Loader({ loaded }: { loaded?: Promise<void> }) {
  const [state, setState] = useState('idle');
  useMcpTools('loader', {
    start: {
      run: () => {
        setState('loading');
        void loaded?.then(() => setState('ready: 42 items'));
      },
    },
  });
  return <Text>{`status: ${state}`}</Text>;
}

/** Ink's accessibility props, as its own examples use them. */
function Checklist() {
  const [done, setDone] = useState(false);
  useEffect(() => setDone(true), []);
  return (
    <Box flexDirection="column" aria-role="list" aria-label="Chores">
      <Box aria-role="checkbox" aria-state={{ checked: done }}>
        <Text>Wash up</Text>
      </Box>
      <Box aria-role="checkbox" aria-state={{ checked: false }}>
        <Text>Sweep</Text>
      </Box>
    </Box>
  );
}

describe('screen built-ins', () => {
  it('read gives the screen, the focus and the ids that can take it', async () => {
    const app = await renderHeadless(<FocusList />, WIDGETS);
    try {
      await app.waitForSync();
      await app.client.callTool({ name: 'app.focus.set', arguments: { id: 'third' } });
      const result = await app.client.callTool({ name: 'app.screen.read', arguments: {} });
      const text = textOf(result);
      expect(text).toContain('> Third');
      expect(text).toContain('Focus: "third" (can take focus: "first", "second", "third")');
    } finally {
      await app.unmount();
    }
  });

  it('read shows aria props as an outline', async () => {
    const app = await renderHeadless(<Checklist />, WIDGETS);
    try {
      const result = await app.client.callTool({ name: 'app.screen.read', arguments: {} });
      expect(textOf(result)).toContain(
        [
          'Accessibility outline:',
          '- list "Chores"',
          '  - checkbox [checked] "Wash up"',
          '  - checkbox "Sweep"',
        ].join('\n'),
      );
    } finally {
      await app.unmount();
    }
  });

  it('wait_for answers once the screen shows the text or matches the pattern', async () => {
    let load = () => {};
    const loaded = new Promise<void>((resolve) => {
      load = resolve;
    });
    const app = await renderHeadless(<Loader loaded={loaded} />, WIDGETS);
    try {
      await app.client.callTool({ name: 'app.loader.start', arguments: {} });
      expect(app.lastFrame()).toBe('status: loading');
      const waiting = app.client.callTool({
        name: 'app.screen.wait_for',
        arguments: { pattern: 'ready: \\d+ items', timeout_ms: 10_000 },
      });
      // The data arrives while the call waits (a commit from outside any call).
      setTimeout(load, 30);
      const result = await waiting;
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('status: ready: 42 items');
      const again = await app.client.callTool({ name: 'app.screen.wait_for', arguments: { text: 'ready' } });
      expect(again.isError).toBeFalsy();
    } finally {
      await app.unmount();
    }
  });

  it('wait_for times out with a clear error and the last screen', async () => {
    const app = await renderHeadless(<Loader />, WIDGETS);
    try {
      const result = await app.client.callTool({
        name: 'app.screen.wait_for',
        arguments: { text: 'never shown', timeout_ms: 50 },
      });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain('did not show "never shown" within 50 ms');
      expect(text).toContain('status: idle');
    } finally {
      await app.unmount();
    }
  });

  it('wait_for refuses an invalid pattern, and needs exactly one of text or pattern', async () => {
    const app = await renderHeadless(<Loader />, WIDGETS);
    try {
      const bad = await app.client.callTool({
        name: 'app.screen.wait_for',
        arguments: { pattern: 'ready(' },
      });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toContain('is not a valid regular expression');
      const neither = await app.client.callTool({ name: 'app.screen.wait_for', arguments: {} });
      expect(neither.isError).toBe(true);
      expect(textOf(neither)).toContain('exactly one of `text` or `pattern`');
      const tooLong = await app.client.callTool({
        name: 'app.screen.wait_for',
        arguments: { text: 'x', timeout_ms: 600_000 },
      });
      expect(tooLong.isError).toBe(true);
    } finally {
      await app.unmount();
    }
  });
});
