import type { CallInfo } from '../../src/index.js';
import { fail } from '../internal/fail.js';

/** Terminal key sequences, as a terminal sends them (what Ink's `useInput` parses). */
export const KEYS = {
  enter: '\r',
  space: ' ',
  backspace: '\x7f',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
} as const;

/**
 * How many characters `clear` erases in a field that keeps its text to itself: the adapter cannot read
 * the length, so it moves to the end and deletes this many (cheap: React renders the burst once).
 */
export const CLEAR_LIMIT = 4096;

/**
 * Sends one key or one piece of typed text per element, in order; resolves once React committed
 * what they caused.
 */
export type Keyboard = (keys: readonly string[]) => Promise<void>;

/**
 * The session's keyboard: `call.input(data)` delivers `data` to the app's `useInput` handlers exactly
 * as one keypress (or one paste) of a person would arrive — to every handler that is active, not only
 * this widget's. Offered by the session when it renders inside Ink (the `<McpSession>` captures Ink's
 * input through `useStdin`).
 */
export function keyboardOf(call: CallInfo, widget: string): Keyboard {
  const input = (call as CallInfo & { input?: unknown }).input;
  if (typeof input !== 'function') {
    fail(
      `${widget} is driven by typing keys, and this session has no keyboard to type with. ` +
        'Render the app inside <McpSession> under Ink (render, renderMcp or renderHeadless).',
    );
  }
  // All sent at once (a burst React renders once: `clear` sends thousands of keys), then awaited.
  return async (keys) => {
    const send = input as (data: string) => Promise<void>;
    await Promise.all(keys.filter((key) => key !== '').map((key) => send(key)));
  };
}

/** Text to type as a person would: fails on characters no one types into a field (controls, escapes). */
export function typable(text: string, widget: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\u0000-\u001f\u007f-\u009f]/u.test(text)) {
    fail(
      `the text for ${widget} contains control characters (line breaks, tabs, escapes); a one-line field takes printable text only`,
    );
  }
  return text;
}

export const repeat = (key: string, times: number): string[] =>
  Array.from({ length: Math.max(0, times) }, () => key);
