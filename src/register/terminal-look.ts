import { clearLine, clearScreenDown, cursorTo, moveCursor } from 'node:readline';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';

/**
 * Headless, the app draws in an in-memory terminal, but its own start-up code looks at the real
 * process first: a CLI that finds no terminal (stdin not a TTY) runs non-interactively, or reads its
 * input from stdin, or exits (Gemini CLI: "No input provided via stdin"), and is never served. So the
 * process looks as it would in a terminal of the session's size: stdin and stdout say they are
 * TTYs, raw mode can be switched (Ink's own raw mode is on the in-memory terminal's stdin), and
 * colours are on, as in a person's terminal (chalk decides from FORCE_COLOR when fd 1 is not a TTY),
 * so the app's styles reach the screen it draws. Nothing is read from or written to a real terminal.
 */
export function lookLikeTerminal(size: { columns?: number; rows?: number }): void {
  // Colour a person's terminal shows (256 colours); the user's own choice stands.
  process.env.FORCE_COLOR ??= '2';
  const columns = size.columns ?? DEFAULT_TERMINAL_SIZE.columns;
  const rows = size.rows ?? DEFAULT_TERMINAL_SIZE.rows;
  const stdin = process.stdin as NodeJS.ReadStream & { isRaw?: boolean };
  if (!stdin.isTTY) {
    Object.assign(stdin, {
      isTTY: true,
      isRaw: false,
      setRawMode(mode: boolean) {
        stdin.isRaw = mode;
        return stdin;
      },
    });
  }
  // stderr stays what it is: it carries logs to the client, where a spinner's escapes are noise.
  const stdout = process.stdout;
  if (!stdout.isTTY) {
    // A terminal's stream moves its cursor too (spinners and progress lines call these): as
    // tty.WriteStream does, through readline's escapes.
    type Done = (() => void) | undefined;
    Object.assign(stdout, {
      isTTY: true,
      columns,
      rows,
      getWindowSize: () => [columns, rows],
      hasColors: (count = 16) => count <= 256,
      getColorDepth: () => 8,
      cursorTo: (x: number, y?: number | Done, done?: Done) =>
        typeof y === 'function' ? cursorTo(stdout, x, undefined, y) : cursorTo(stdout, x, y, done),
      moveCursor: (dx: number, dy: number, done?: Done) => moveCursor(stdout, dx, dy, done),
      clearLine: (dir: -1 | 0 | 1, done?: Done) => clearLine(stdout, dir, done),
      clearScreenDown: (done?: Done) => clearScreenDown(stdout, done),
    });
  }
}
