import { EventEmitter } from 'node:events';
import { Box, Text, useStdin, useStdout } from 'ink';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { shownArgs, shownText } from '../registry/shown-text.js';
import type { Confirmer, PendingConfirmation } from '../session/confirmer.js';
import { pageOf, wrapLines, wrapWords } from './confirm-pages.js';

export interface ConfirmPromptProps {
  confirmer: Confirmer;
}

/** What a key does to the question shown. */
type Action = 'approve' | 'deny' | 'deny-all' | 'next-page' | 'previous-page' | 'interrupt' | 'other';

const CTRL_C = '\u0003';
/** Stands for text read at once (a paste, several keys): never a key of its own. */
const TEXT = '\u0000text';

/** The person's key (one key: a character or one escape sequence) as what it does to a question. */
function actionOf(key: string): Action {
  switch (key) {
    case 'y':
    case 'Y':
      return 'approve';
    case 'n':
    case 'N':
    case '\r':
    case '\u001B':
      return 'deny';
    case 'a':
    case 'A':
      return 'deny-all';
    case ' ':
    case '\u001B[B': // ↓
    case '\u001BOB': // ↓ in application cursor mode
    case '\u001B[6~': // Page Down
      return 'next-page';
    case '\u001B[A': // ↑
    case '\u001BOA':
    case '\u001B[5~': // Page Up
      return 'previous-page';
    case CTRL_C:
      return 'interrupt';
    default:
      return 'other';
  }
}

/**
 * The one key in what Ink read at once, or undefined when it is text: Ink hands over an escape
 * sequence whole, one key typed alone as one character, but a run of characters read together (a
 * paste, keys sent by a program, a word typed faster than the terminal is read) as one input. Text
 * is nobody's deliberate answer: a paste that starts with `y` must not approve, and "yy" must not
 * answer two questions. Ctrl+C anywhere in it is still Ctrl+C.
 */
function keyOf(input: string): string | undefined {
  if (input.includes(CTRL_C)) return CTRL_C;
  if (input.startsWith('\u001B')) return kittyKey(input) ?? input;
  return Array.from(input).length === 1 ? input : undefined;
}

/** A key in the kitty keyboard protocol (`ESC [ code ; modifiers u`, Ink 8's `kittyKeyboard`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a terminal's key sequence starts with ESC.
const KITTY_KEY = /^\u001B\[(\d+)(?::\d*)*(?:;(\d+)(?::(\d))?)?u$/;

/**
 * A kitty-protocol key as the legacy key it stands for (`ESC[99;5u` is Ctrl+C, `ESC[27u` Esc,
 * `ESC[121;2u` Y), so the person's keys mean the same with the protocol on; a key release as `''`
 * (no key); undefined for anything else.
 */
function kittyKey(input: string): string | undefined {
  const match = KITTY_KEY.exec(input);
  if (!match) return undefined;
  const code = Number(match[1]);
  if (match[3] === '3') return ''; // a release: the press was the key
  // Modifier bits: shift 1, alt 2, ctrl 4, super 8, hyper 16, meta 32; Caps Lock 64 and Num Lock 128 change nothing here.
  const bits = (Number(match[2] ?? 1) - 1) & ~(64 | 128);
  if (code > 0x10ffff) return input;
  const key = String.fromCodePoint(code);
  if (bits === 0) return key;
  if (bits === 4 && key === 'c') return CTRL_C;
  if (bits === 1) return key.toUpperCase();
  return input;
}

interface Line {
  text: string;
  kind: 'title' | 'summary' | 'args';
}

/**
 * The whole question, wrapped to `width` columns: title and the app's summary between words (prose),
 * the arguments anywhere, every character kept (JSON: a space in a value is as significant as a letter).
 */
function questionLines(pending: PendingConfirmation, width: number): Line[] {
  const { request } = pending;
  const lines: Line[] = [];
  const add = (text: string, kind: Line['kind']) => {
    const wrap = kind === 'args' ? wrapLines : wrapWords;
    for (const line of wrap(text, width)) lines.push({ text: line, kind });
  };
  add(`An agent asks to run ${shownText(request.tool)}`, 'title');
  if (request.summary !== undefined) add(shownText(request.summary), 'summary');
  const args = shownArgs(request.args);
  if (args !== '{}') add(`with ${args}`, 'args');
  return lines;
}

/** Lines of the terminal the prompt leaves alone: its border (2) and the line the cursor ends on. */
const CHROME_ROWS = 3;

/**
 * Shows the question an authorizer's `'ask'` puts to the person at the terminal: what the agent
 * wants to run, what the app says it will do, with which arguments (whole, every invisible or control
 * character escaped), y/N, how many questions are waiting and the seconds left before it is denied.
 *
 * While a question is shown it is modal: the person's keys answer it and reach nothing else (a `y`
 * must not also type into the focused field). It listens to keys from the terminal only: keys an
 * agent types (`CallInfo.input`) bypass it, so an agent can never answer its own question.
 *
 * Keys count only once the question is armed (`ConfirmerOptions.armMs` after it is shown); a key
 * that means nothing to it, or text read at once (a paste), unarms it again. A question taller than
 * the terminal is paged, and `y` counts only once its last page has been shown.
 * `a` denies every open question; Ctrl+C denies them all too, and still reaches the app (Ink's own
 * exit on Ctrl+C is untouched).
 */
export function ConfirmPrompt({ confirmer }: ConfirmPromptProps) {
  const subscribe = useCallback((onChange: () => void) => confirmer.changes.subscribe(onChange), [confirmer]);
  const pending = useSyncExternalStore(subscribe, () => confirmer.current());
  const secondsLeft = useSecondsLeft(pending?.deadline);
  const { columns, rows } = useTerminalSize();
  const [paging, setPaging] = useState({ id: 0, offset: 0, seenAll: false });
  // What the key handler needs of the last render: it runs outside React, between renders.
  const shown = useRef({ id: 0, offset: 0, height: 1, seenAll: false });

  useTerminalKeys(pending !== undefined, (key) => {
    const action = actionOf(key);
    if (action === 'interrupt') {
      // Never held back by arming: the person's way out, whatever is shown.
      confirmer.denyAll();
      return;
    }
    const question = confirmer.current();
    if (!question || !confirmer.keyPressed(question.id)) return;
    if (action === 'other') {
      confirmer.strayKey(question.id);
      return;
    }
    const seen = shown.current.id === question.id ? shown.current : undefined;
    if (action === 'approve' && seen?.seenAll) confirmer.answer(question.id, true);
    else if (action === 'deny') confirmer.answer(question.id, false);
    else if (action === 'deny-all') confirmer.denyAll();
    else if ((action === 'next-page' || action === 'previous-page') && seen) {
      const offset = seen.offset + (action === 'next-page' ? seen.height : -seen.height);
      setPaging({ id: question.id, offset: Math.max(0, offset), seenAll: seen.seenAll });
    }
  });

  if (!pending) return null;
  const width = Math.max(2, columns - 4); // the border and one column of padding each side
  const body = questionLines(pending, width);
  const state = paging.id === pending.id ? paging : { id: pending.id, offset: 0, seenAll: false };
  // The footer is measured with the page it goes with: whether there are pages changes its text.
  const fits = body.length <= Math.max(1, rows - CHROME_ROWS - footerLines(pending, true, width));
  const footerRows = footerLines(pending, fits, width);
  const page = pageOf(body, rows - CHROME_ROWS - footerRows, state.offset);
  const seenAll = state.seenAll || page.atEnd;
  shown.current = { id: pending.id, offset: page.offset, height: page.lines.length, seenAll };
  const footer = footerText(
    pending,
    secondsLeft,
    fits ? undefined : { offset: page.offset, total: page.total, count: page.lines.length },
    seenAll,
  );

  return (
    <Box borderStyle="round" borderColor="yellow" flexDirection="column" paddingX={1}>
      {page.lines.map((line, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one page, in order.
          key={i}
          bold={line.kind !== 'args'}
          {...(line.kind === 'title' ? { color: 'yellow' } : {})}
        >
          {line.text}
        </Text>
      ))}
      {footer.map((part, i) =>
        wrapWords(part.text, width).map((line, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the footer's lines, in order.
          <Text key={`${i}:${j}`} bold={part.strong} dimColor={!part.strong}>
            {line}
          </Text>
        )),
      )}
    </Box>
  );
}

interface FooterPart {
  text: string;
  strong: boolean;
}

/** The lines under the question: which keys work now, and where the person is. */
function footerText(
  pending: PendingConfirmation,
  secondsLeft: number,
  page: { offset: number; total: number; count: number } | undefined,
  seenAll: boolean,
): FooterPart[] {
  let keys: FooterPart;
  if (!pending.armed) keys = { text: 'Wait: keys are ignored until this question is armed…', strong: false };
  else if (!seenAll)
    keys = {
      text: '↓/space: next page · ↑: back · y works once you have seen it all · n: deny · a: deny all',
      strong: true,
    };
  else keys = { text: `Allow? y/N · a: deny all${page ? ' · ↑/↓: pages' : ''}`, strong: true };
  const where = [
    ...(pending.total > 1 ? [`Question ${pending.position} of ${pending.total}`] : []),
    ...(page ? [`lines ${page.offset + 1}–${page.offset + page.count} of ${page.total}`] : []),
    `denied in ${secondsLeft}s`,
  ].join(' · ');
  return [keys, { text: where, strong: false }];
}

/**
 * How many lines the footer takes at `width`, in its widest wording for the case (armed or not, seen
 * or not, numbers at their widest): the page keeps its height while the question arms and is read.
 */
function footerLines(pending: PendingConfirmation, fits: boolean, width: number): number {
  const widest = { offset: 99_999, total: 99_999, count: 99_999 };
  let most = 0;
  for (const armed of [false, true]) {
    for (const seenAll of fits ? [true] : [false, true]) {
      const parts = footerText({ ...pending, armed }, 999, fits ? undefined : widest, seenAll);
      most = Math.max(
        most,
        parts.reduce((sum, part) => sum + wrapWords(part.text, width).length, 0),
      );
    }
  }
  return most;
}

/** The terminal's size, kept current as it is resized. Without one (a test's stream), 80 × 24. */
function useTerminalSize(): { columns: number; rows: number } {
  // Ink 8 types `stdout` as a plain writable; it is the terminal's stream, which has a size.
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const read = useCallback(() => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 }), [stdout]);
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, read]);
  return size;
}

/**
 * While a question is pending, takes every key Ink reads from the terminal before any `useInput`
 * handler sees it. Ink delivers the terminal's keys by calling `emit('input')` on its input emitter;
 * an agent's keys are delivered with `EventEmitter.prototype.emit` directly, so they pass untouched.
 * Ctrl+C is also passed on to the app: the person's interrupt is theirs, question or not.
 */
function useTerminalKeys(active: boolean, onKey: (key: string) => void): void {
  const stdin = useStdin() as ReturnType<typeof useStdin> & { internal_eventEmitter?: EventEmitter };
  const emitter = stdin.internal_eventEmitter;
  const [handler] = useState(() => ({ current: onKey }));
  handler.current = onKey;
  useEffect(() => {
    if (!active || !emitter) return;
    // Keys are read only while something wants them: the question does, whatever the app does.
    if (stdin.isRawModeSupported) stdin.setRawMode(true);
    emitter.emit = function modal(this: EventEmitter, event: string | symbol, ...args: unknown[]) {
      // Ink 8 hands a bracketed paste to `usePaste` listeners as 'paste': not for the app while the
      // question is up, and no answer either.
      if (event === 'paste') {
        handler.current(TEXT);
        return true;
      }
      if (event !== 'input') return EventEmitter.prototype.emit.call(this, event, ...args);
      const input = String(args[0]);
      const key = keyOf(input);
      if (key !== '') handler.current(key ?? TEXT); // '' is a key's release: nothing was pressed
      // The app's own Ctrl+C handling gets the key as Ink read it (legacy or kitty).
      if (input === CTRL_C || kittyKey(input) === CTRL_C)
        EventEmitter.prototype.emit.call(this, event, ...args);
      return true;
    };
    return () => {
      // Back to the prototype's emit (the instance had none of its own).
      delete (emitter as { emit?: unknown }).emit;
      if (stdin.isRawModeSupported) stdin.setRawMode(false);
    };
  }, [active, emitter, stdin, handler]);
}

function secondsUntil(deadline: number | undefined): number {
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** The seconds left before `deadline`, read at each render (a new question never shows a stale count). */
function useSecondsLeft(deadline: number | undefined): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline);
}
