import { EventEmitter } from 'node:events';
import { type Key, useInput, useStdin } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useLatest } from './use-controllable.js';

/**
 * Ink 6 splits a chunk read from the terminal at escape sequences (two arrows are two events), but
 * hands any other run of characters to `useInput` as one `input`: `"\x7f\x7f"` (two Backspaces sent
 * together by tmux, a fast typist or a paste) arrives as text with every key flag false, and
 * `"ab\r"` as text that is not a Return (node_modules/ink/build/input-parser.js, use-input.js).
 * `keysOf` splits such a chunk into the keys Ink would have reported had they come one by one.
 */
export function keysOf(input: string, key: Key, joinText: boolean): SplitKey[] {
  const chars = [...input];
  if (chars.length <= 1 || !isPlainText(key)) return [{ input, key, length: chars.length }];
  const keys: SplitKey[] = [];
  for (const char of chars) {
    const last = keys.at(-1);
    if (joinText && last?.text && isPrintable(char)) {
      last.input += char;
      last.length++;
      continue;
    }
    const [text, flags] = keyOf(char);
    keys.push({ input: text, key: flags, length: 1, text: isPrintable(char) });
  }
  return keys;
}

/** One key of a chunk: what `useInput` would have been given for it, and how many characters it was. */
export interface SplitKey {
  input: string;
  key: Key;
  length: number;
  /** A printable character (or run of them, with `joinText`). */
  text?: boolean;
}

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

function isPlainText(key: Key): boolean {
  return !(Object.keys(NO_KEY) as (keyof Key)[]).some((name) => name !== 'shift' && key[name] === true);
}

/** Not a C0 control character or DEL: what Ink would insert as text. */
function isPrintable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code > 0x1f && code !== 0x7f;
}

/** One character as Ink 6 reports it alone (parse-keypress.js, then use-input.js). */
function keyOf(char: string): [string, Key] {
  switch (char) {
    case '\r':
      return ['\r', { ...NO_KEY, return: true }];
    case '\t':
      return ['', { ...NO_KEY, tab: true }];
    case '\b':
      return ['', { ...NO_KEY, backspace: true }];
    case '\u007F':
      return ['', { ...NO_KEY, delete: true }];
    case '\u001B':
      return ['', { ...NO_KEY, escape: true, meta: true }];
  }
  const code = char.codePointAt(0)!;
  // Ctrl+letter: Ink reports the letter (NUL as Ctrl+`); LF is "enter", which is no key flag.
  if (code <= 0x1a && char !== '\n') return [String.fromCharCode(code + 96), { ...NO_KEY, ctrl: true }];
  return [char, { ...NO_KEY, shift: /^[A-Z]$/.test(char) }];
}

/**
 * What a widget's key handler answers: `'handed-over'` when the key may change what the app shows
 * (a submit, an answer, a press), so the keys after it in the same chunk must see that first.
 */
export type KeyResult = 'handed-over' | undefined;

export interface UseKeysOptions {
  isActive: boolean;
  /** Keep a run of printable characters together (a text field inserts it at once). @default false */
  joinText?: boolean;
}

/**
 * `useInput`, one key at a time: a chunk of several keys reaches `onKey` as the keys a person
 * pressed, in order. Handlers must build on pending state (functional updates), since no render
 * happens between the keys of one chunk. After a key that hands over, the rest of the chunk is
 * delivered again once React has committed what that key changed, through Ink's input channel, so
 * it reaches whatever has focus then, exactly as if typed after. A macrotask queued by the key
 * itself was not enough: on a loaded machine React's Scheduler can run the commit's passive effects
 * (where `useInput` takes the new handler) a turn later, and the rest reached the old handler.
 */
export function useKeys(onKey: (input: string, key: Key) => KeyResult, options: UseKeysOptions): void {
  const emitter = (useStdin() as { internal_eventEmitter?: EventEmitter }).internal_eventEmitter;
  const handler = useLatest(onKey);
  const rest = useRef<string | undefined>(undefined);
  const [handedOver, setHandedOver] = useState(0);
  useInput(
    (input, key) => {
      const keys = keysOf(input, key, options.joinText === true);
      let used = 0;
      for (const split of keys) {
        used += split.length;
        const result = handler.current(split.input, split.key);
        if (result !== 'handed-over' || used === [...input].length || !emitter) continue;
        rest.current = [...input].slice(used).join('');
        setHandedOver((n) => n + 1);
        return;
      }
    },
    { isActive: options.isActive },
  );
  // Queued from this widget's passive effect of the commit the handover caused (or its unmount):
  // React runs a commit's passive effects in one pass, so by the time this runs every widget of
  // that commit has subscribed its new handler, whichever took the focus. The prototype's emit: a
  // pending in-app confirmation takes over the instance's `emit`, and these keys already passed it
  // once (src/react/ConfirmPrompt.tsx).
  const deliver = () => {
    const keys = rest.current;
    rest.current = undefined;
    if (keys !== undefined && emitter)
      setImmediate(() => EventEmitter.prototype.emit.call(emitter, 'input', keys));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each commit of a handover.
  useEffect(deliver, [handedOver]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only.
  useEffect(() => deliver, []);
}
