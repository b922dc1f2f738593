import type { McpScreen } from '../react/McpSession.js';
import { stripAnsi } from '../react/memory-terminal.js';
import type { Scrollback } from '../react/scrollback.js';
import { defined } from '../util/defined.js';
import { ignoreGoneTerminal } from './gone-terminal.js';

export interface ScreenTap {
  /** The stream to hand Ink: the real one, with its writes observed. */
  stream: NodeJS.WriteStream;
  /** The last frame Ink wrote, as plain text. */
  screen(): string | undefined;
}

/**
 * Watches what Ink writes to a real terminal, so an agent can read the screen in attached mode.
 * Ink writes each frame whole after its erase sequences (and lone sync markers around it), so the
 * last write with visible text, stripped of escapes, is the frame.
 */
export function tapScreen(target: NodeJS.WriteStream): ScreenTap {
  let last: string | undefined;
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk === 'string') {
      const text = stripAnsi(chunk);
      if (text.trim() !== '') last = text.replace(/\s+$/, '');
    }
    return (target.write as (...args: unknown[]) => boolean)(chunk, ...rest);
  };
  const stream = new Proxy(target, {
    get(t, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
  ignoreGoneTerminal(target);
  return { stream, screen: () => last };
}

/**
 * The screen of an app in a person's terminal: Ink's committed frame (Ink throttles what it writes,
 * src/react/ink-frame.ts) under the lines of `scrollback` (its `<Static>` output and console output),
 * or what it last wrote if the frame cannot be rendered, bounded to the terminal's size as it is at
 * each read (a person may resize it).
 */
export function attachedScreen(
  tap: ScreenTap,
  terminal: NodeJS.WriteStream,
  scrollback?: Scrollback,
): McpScreen {
  return {
    source: 'ink-frame',
    fallback: tap.screen,
    ...defined({ scrollback }),
    // Ink's own fallbacks when the stream does not know its size (columns: ink.js getTerminalWidth).
    size: () => ({ columns: terminal.columns || 80, rows: terminal.rows || 24 }),
  };
}
