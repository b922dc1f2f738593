// Issue #41 item 3: a key's answer waits for what the key set in motion (a view the app switches to
// a few ms after the key), and says so when the screen is still changing at the end of the window.
import { Box, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../index.js'; // the default adapters (ink-text-input), as an app importing ink-mcp gets
import { renderHeadless } from '../../src/testing/index.js';
import { textOf } from './helpers.js';

/** `n` opens a form `delay` ms later, as apps that animate or load a view do; the menu has no widget. */
function Menu({ delay }: { delay: number }) {
  const [view, setView] = useState<'menu' | 'loading' | 'form'>('menu');
  const [name, setName] = useState('');
  const [other, setOther] = useState(0);
  useInput((input) => {
    if (view === 'menu' && input !== 'n') setOther((count) => count + 1);
    if (view === 'menu' && input === 'n') {
      setView('loading'); // the intermediate tree: no widget at all
      setTimeout(() => setView('form'), delay);
    }
  });
  if (view === 'menu')
    return <Text>Press n for a new item{other > 0 ? ` (not ${other} other keys)` : ''}</Text>;
  if (view === 'loading') return <Text>…</Text>;
  return (
    <Box>
      <Text>Name: </Text>
      <TextInput value={name} onChange={setName} />
    </Box>
  );
}

/** `g` starts a counter that ticks every 20 ms for 2 s: the screen keeps changing on its own. */
function Ticker() {
  const [ticks, setTicks] = useState<number | undefined>();
  useInput((input) => {
    if (input === 'g') setTicks(0);
  });
  useEffect(() => {
    if (ticks === undefined || ticks >= 100) return;
    const timer = setTimeout(() => setTicks(ticks + 1), 20);
    return () => clearTimeout(timer);
  }, [ticks]);
  return <Text>{ticks === undefined ? 'Press g to go' : `tick ${ticks}`}</Text>;
}

const press = (app: Awaited<ReturnType<typeof renderHeadless>>, keys: string[]) =>
  app.client.callTool({ name: 'app_keyboard_press', arguments: { keys } }).then(textOf);

describe('a key’s answer and what the key set in motion', () => {
  it('shows the view the app switched to a few ms after the key, and its actions', async () => {
    const app = await renderHeadless(<Menu delay={100} />);
    try {
      // Keys the menu only counts: the first key's and the first render's one-time costs paid.
      await press(app, ['x', 'x']);
      const answer = await press(app, ['n']);
      expect(answer).toContain('Screen after the call:\nName:');
      expect(answer).toContain('text_input_1: type_into {text}');
      expect(answer).not.toContain('still changing');
      // The next call types into the form the key opened.
      const typed = await app.client
        .callTool({
          name: 'app_act',
          arguments: { widget: 'text_input_1', action: 'type_into', args: { text: 'Ada' } },
        })
        .then(textOf);
      expect(typed).toContain('Name: Ada');
    } finally {
      await app.unmount();
    }
  });

  it('says the screen is still changing when the app’s timers run past the window', async () => {
    const app = await renderHeadless(<Ticker />);
    try {
      const answer = await press(app, ['g']);
      expect(answer).toMatch(/The screen was still changing when this answer was written/);
      expect(answer).toMatch(/tick \d+/);
    } finally {
      await app.unmount();
    }
  });

  it('keyEffectsMs: 0 answers at the key’s own commit (the old screen), without waiting', async () => {
    const app = await renderHeadless(<Menu delay={2_000} />, { keyEffectsMs: 0 });
    try {
      const answer = await press(app, ['n']);
      expect(answer).toContain('Screen after the call:\n…');
      expect(answer).not.toContain('text_input_1');
    } finally {
      await app.unmount();
    }
  });
});
