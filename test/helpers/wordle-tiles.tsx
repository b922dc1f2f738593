/**
 * Wordle's tiles: each letter of a guess on a background that alone says whether it is right
 * (green), elsewhere in the word (yellow) or absent (gray). The letters are the same text whatever
 * their mark: without colour, a reader cannot tell.
 */
import { Box, Text } from 'ink';

export type Mark = 'right' | 'elsewhere' | 'absent';

/** Wordle's own colours, as an app would give them: 24-bit, not palette names. */
const BACKGROUND: Record<Mark, string> = { right: '#6aaa64', elsewhere: '#c9b458', absent: '#787c7e' };

export function scoreGuess(guess: string, answer: string): Mark[] {
  return [...guess].map((letter, i) =>
    answer[i] === letter ? 'right' : answer.includes(letter) ? 'elsewhere' : 'absent',
  );
}

export function Tiles({ word, marks }: { word: string; marks: readonly Mark[] }) {
  return (
    <Box gap={1}>
      {[...word].map((letter, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a tile's place is its identity.
        <Text key={i} bold color="white" backgroundColor={BACKGROUND[marks[i] as Mark]}>
          {` ${letter} `}
        </Text>
      ))}
    </Box>
  );
}
