import { stripAnsi } from '../react/memory-terminal.js';
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
