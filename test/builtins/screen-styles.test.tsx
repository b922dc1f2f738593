// Issue #30, item 5: a screen whose state shows only in colour, read in text by a real MCP client.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/index.js';
import { COLOUR_HINT } from '../../src/screen/colour-hint.js';
import { renderHeadless } from '../../src/testing/index.js';
import { scoreGuess, Tiles } from '../helpers/wordle-tiles.js';
import { textOf } from './helpers.js';

/** Wordle: the tiles of each guess say, by their background alone, which letters are right. */
function Wordle({ answer }: { answer: string }) {
  const [guesses, setGuesses] = useState<string[]>([]);
  useMcpTools('board', {
    guess: {
      inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
      run: (args) => {
        setGuesses((g) => [...g, String((args as { word: string }).word).toUpperCase()]);
      },
    },
  });
  return (
    <Box flexDirection="column">
      {guesses.map((word, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: guesses only ever grow.
        <Tiles key={i} word={word} marks={scoreGuess(word, answer)} />
      ))}
      <Text>{`${guesses.length} of 6`}</Text>
    </Box>
  );
}

const guess = (app: Awaited<ReturnType<typeof renderHeadless>>, word: string) =>
  app.client
    .callTool({
      name: 'app_act',
      arguments: { widget: 'board', action: 'guess', args: JSON.stringify({ word }) },
    })
    .then(textOf);
const read = (app: Awaited<ReturnType<typeof renderHeadless>>, args: Record<string, unknown>) =>
  app.client.callTool({ name: 'app_screen_read', arguments: args }).then(textOf);

describe('screen.read {styles: true}', () => {
  it('tells Wordle tiles apart that differ only by colour, in the answer after each guess (issue #41 item 7)', async () => {
    const app = await renderHeadless(<Wordle answer="CRANE" />);
    try {
      const COLOURS = 'Colours that changed, by row';
      // Nothing coloured yet: nothing said.
      expect(await read(app, {})).not.toContain(COLOURS);
      const answer = await guess(app, 'cater');
      expect(answer).toContain('Screen after the call:\n C   A   T   E   R\n1 of 6');
      // The guess's row in colour, in the answer itself: right, elsewhere and absent told apart.
      expect(answer).toContain(`${COLOURS} ([style]text[/] as in Rich; \\[ is a literal [):`);
      expect(answer).toContain(
        `1: ${[
          '[bold white on green(#6aaa64)] C [/]',
          '[bold white on yellow(#c9b458)] A [/]',
          '[bold white on gray(#787c7e)] T [/]',
          '[bold white on yellow(#c9b458)] E [/]',
          '[bold white on yellow(#c9b458)] R[/]',
        ].join(' ')}`,
      );
      expect(answer).not.toContain(COLOUR_HINT);
      // Plain text again: the colours were given; not twice.
      const plain = await read(app, {});
      expect(plain).toContain('Screen:\n C   A   T   E   R\n1 of 6');
      expect(plain).not.toContain(COLOURS);

      const styled = await read(app, { styles: true, offset: null });
      expect(styled).toMatch(/^Screen with styles \(\[style\]text\[\/\] marks text in a style/);
      expect(styled).not.toContain(COLOURS);

      // The second guess: only its own row is said (the first row's colours did not change).
      const second = await guess(app, 'crane');
      expect(second).toContain(`${COLOURS}`);
      expect(second).toMatch(
        /\n2: \[bold white on green\(#6aaa64\)\] C \[\/\] \[bold white on green\(#6aaa64\)\] R \[\/\]/,
      );
      expect(second).not.toMatch(/\n1: \[bold white on green\(#6aaa64\)\] C \[\/\] \[bold white on yellow/);
    } finally {
      await app.unmount();
    }
  });

  it("names every style Ink gives text, and escapes the app's own [ and \\", async () => {
    const app = await renderHeadless(
      <Box flexDirection="column">
        <Text color="red">red</Text>
        <Text color="greenBright" backgroundColor="ansi256(21)">
          bright on 256
        </Text>
        <Text color="rgb(255, 128, 0)">orange</Text>
        <Text dimColor>dim</Text>
        <Text italic>italic</Text>
        <Text underline>underline</Text>
        <Text strikethrough>struck</Text>
        <Text inverse>inverse</Text>
        <Text>
          {'[x] a\\b '}
          <Text bold>[bold]</Text>
        </Text>
      </Box>,
    );
    try {
      const styled = await read(app, { styles: true });
      expect(styled).toContain(
        [
          '[red]red[/]',
          '[greenBright on blue(#0000ff)]bright on 256[/]',
          '[orange(#ff8000)]orange[/]',
          '[dim]dim[/]',
          '[italic]italic[/]',
          '[underline]underline[/]',
          '[strikethrough]struck[/]',
          '[inverse]inverse[/]',
          '\\[x] a\\\\b [bold]\\[bold][/]',
        ].join('\n'),
      );
      // The plain screen is as before.
      expect(await read(app, {})).toContain(
        'red\nbright on 256\norange\ndim\nitalic\nunderline\nstruck\ninverse\n[x] a\\b [bold]',
      );
    } finally {
      await app.unmount();
    }
  });

  it("keeps to the terminal's rows, from the last ones or from an offset", async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `row ${i}`);
    const app = await renderHeadless(
      <Box flexDirection="column">
        {rows.map((row) => (
          <Text key={row} backgroundColor="green">
            {row}
          </Text>
        ))}
      </Box>,
      { columns: 10, rows: 3 },
    );
    try {
      const last = await read(app, { styles: true });
      expect(last).toContain(
        "(Lines 6–8 of 8 shown (5 above cut to the terminal's 3 rows); read others with screen.read",
      );
      expect(last).toContain('[on green]row 5[/]\n[on green]row 6[/]\n[on green]row 7[/]\n');
      const top = await read(app, { styles: true, offset: 0 });
      expect(top).toContain('[on green]row 0[/]\n[on green]row 1[/]\n[on green]row 2[/]\n');
    } finally {
      await app.unmount();
    }
  });
});
