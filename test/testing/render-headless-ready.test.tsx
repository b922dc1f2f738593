import { Text, useInput } from 'ink';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../components/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';

function Keys() {
  const [seen, setSeen] = useState('');
  useInput((input) => setSeen((s) => s + input));
  return <Text>seen={seen}</Text>;
}

describe('renderHeadless resolves only when the app is ready for input', () => {
  it('the first stdin.write right after it resolves reaches useInput (20 renders in a row)', async () => {
    for (let run = 0; run < 20; run++) {
      const app = await renderHeadless(<Keys />, WIDGETS);
      try {
        app.stdin.write('k');
        await app.waitForSync();
        expect(app.lastFrame()).toBe('seen=k');
      } finally {
        await app.unmount();
      }
    }
  });

  it('…and reaches a widget that takes focus in the commit after the first (20 renders in a row)', async () => {
    for (let run = 0; run < 20; run++) {
      const app = await renderHeadless(<TextInput id="q" autoFocus />, WIDGETS);
      try {
        app.stdin.write('x');
        await app.waitForSync();
        const answer = await app.client.callTool({ name: 'app_q_get_value', arguments: {} });
        const [value] = answer.content as { text: string }[];
        expect(JSON.parse(value!.text)).toEqual({ value: 'x' });
      } finally {
        await app.unmount();
      }
    }
  });
});
