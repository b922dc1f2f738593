// An unchanged Ink app whose meaning is in colour alone, as Wordle's tiles are (issue #41, item 7):
// type a five-letter guess and Enter; each letter's background says right (green), elsewhere in the
// word (yellow) or absent (gray). The letters read the same whatever their mark.
import { Box, render, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';

const ANSWER = 'CRANE';
const BACKGROUND = { right: '#6aaa64', elsewhere: '#c9b458', absent: '#787c7e' };
const mark = (letter, i) =>
  ANSWER[i] === letter ? 'right' : ANSWER.includes(letter) ? 'elsewhere' : 'absent';

function App() {
  const [guesses, setGuesses] = useState([]);
  const [draft, setDraft] = useState('');
  useInput((input, key) => {
    if (key.return && draft.length === 5) {
      setGuesses((g) => [...g, draft]);
      setDraft('');
    } else if (/^[a-z]$/i.test(input) && draft.length < 5) setDraft((d) => d + input.toUpperCase());
  });
  const row = (word, i) =>
    h(
      Box,
      { key: i, gap: 1 },
      [...word].map((letter, j) =>
        h(
          Text,
          { key: j, bold: true, color: 'white', backgroundColor: BACKGROUND[mark(letter, j)] },
          ` ${letter} `,
        ),
      ),
    );
  return h(
    Box,
    { flexDirection: 'column' },
    ...guesses.map(row),
    h(Text, null, `Guess ${guesses.length + 1} of 6: ${draft}`),
  );
}

render(h(App));
