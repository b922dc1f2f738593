import { terminalControlIssue } from '../../registry/control-characters.js';
import { ActionError } from '../../walker/action-error.js';
import { KEYBOARD_PRESS, KEYBOARD_TYPE, keysTimeLimit } from '../../walker/builtin-catalog.js';
import { personOnlyRefusal } from '../../walker/person-only.js';
import type { ActionSpec, ToolProvider } from '../../walker/types.js';
import { keySequences, typedKeys, VALID_KEY_NAMES } from '../key-names.js';
import { checkBounds, spec } from './catalog-spec.js';
import type { BuiltinHost } from './host.js';

export { MAX_KEYS, MAX_TEXT } from '../../walker/builtin-catalog.js';

/**
 * `keyboard.press {keys}` and `keyboard.type {text}`: keys as a person presses them, one input event
 * each, the next only after React committed what the previous one caused — so a handler that reads
 * its state from a closure (`setX(x + 1)`) sees every key, and Enter after typed text submits it.
 */
export function keyboardProvider(host: BuiltinHost): ToolProvider {
  const specs: ActionSpec[] = [
    {
      ...spec(KEYBOARD_PRESS),
      run: async (args, info) => {
        checkBounds(KEYBOARD_PRESS, args);
        const keys = (args as { keys: string[] }).keys;
        const result = keySequences(keys);
        if (!result.ok) {
          throw new ActionError(
            `ink-mcp: no key is named ${result.unknown.map((k) => JSON.stringify(k)).join(', ')}; nothing was pressed. ` +
              `Valid names: ${VALID_KEY_NAMES.join(', ')}. To type text, use keyboard.type.`,
          );
        }
        const started = performance.now();
        const limit = keysTimeLimit(info.timeoutMs);
        const { pressed, stillChanging } = await pressAll(
          host,
          result.sequences,
          info.signal,
          started + limit,
        );
        const what = `${keys.slice(0, pressed).join(' ')}`;
        if (pressed === keys.length)
          return `Pressed ${plural(keys.length, 'key')}: ${what}${stillChanging ? STILL_CHANGING : ''}`;
        return info.signal.aborted
          ? `Pressed ${pressed} of ${plural(keys.length, 'key')} (${what}): the app stopped before the rest.`
          : `Pressed ${pressed} of ${plural(keys.length, 'key')} (${what}). ${outOfTime(pressed, started, limit)} ` +
              'Press the rest with another call.';
      },
    },
    {
      ...spec(KEYBOARD_TYPE),
      run: async (args, info) => {
        checkBounds(KEYBOARD_TYPE, args);
        const text = (args as { text: string }).text;
        // The registry refuses such arguments before this runs; the same rule again, for a caller
        // that reaches the action another way.
        const issue = terminalControlIssue(text);
        if (issue !== undefined) {
          throw new ActionError(
            `ink-mcp: keyboard.type: the text ${issue}; nothing was typed. ` +
              'Press named keys such as escape or arrows with keyboard.press.',
          );
        }
        const keys = typedKeys(text);
        const started = performance.now();
        const limit = keysTimeLimit(info.timeoutMs);
        const { pressed: typed, stillChanging } = await pressAll(host, keys, info.signal, started + limit);
        if (typed === keys.length)
          return `Typed ${plural(keys.length, 'key')}.${stillChanging ? STILL_CHANGING : ''}`;
        if (info.signal.aborted)
          return `Typed ${typed} of ${plural(keys.length, 'key')}: the app stopped before the rest.`;
        const rest = keys.slice(typed).join('').replaceAll('\r', '\n');
        return (
          `Typed ${typed} of ${plural(keys.length, 'key')}. ${outOfTime(typed, started, limit)} ` +
          `Not typed: the text from character ${typed + 1} on (${JSON.stringify(preview(rest))}); type it with another call.`
        );
      },
    },
  ];
  return { mcpTools: () => specs };
}

/**
 * Presses keys one at a time, each after the previous one's commit; stops when the call's signal
 * aborts (the session stopped: a key made the app exit, or the call was cancelled or timed out), so
 * no key reaches an app that is gone, or at `deadline` (`performance.now()`), so that the call answers
 * how far it got rather than time out. Returns how many were pressed.
 *
 * Refuses to press on while a widget only a person may answer is up (src/walker/person-only.ts),
 * checked before every key: `d` may open a confirmation that the next key, `y`, would answer.
 */
async function pressAll(
  host: BuiltinHost,
  keys: readonly string[],
  signal: AbortSignal,
  deadline: number,
): Promise<{ pressed: number; stillChanging: boolean }> {
  let pressed = 0;
  let stillChanging = false;
  for (const key of keys) {
    if (signal.aborted || performance.now() >= deadline) break;
    const question = host.personOnly();
    if (question !== undefined) {
      throw personOnlyRefusal(
        question,
        pressed === 0
          ? undefined
          : `${pressed} of ${plural(keys.length, 'key')} were sent before it came up, the rest were not`,
      );
    }
    // Only the last key's counts: an earlier key's timers ran on while the next keys were pressed.
    stillChanging = (await host.press(key))?.stillChanging === true;
    pressed++;
  }
  return { pressed, stillChanging };
}

/**
 * Said when the app was still changing the screen on its own at the end of the window a key's
 * answer waits (key-settling.ts): the screen and actions below may be replaced in a moment.
 */
const STILL_CHANGING =
  ' The screen was still changing when this answer was written (the app had more work scheduled): read it again with screen.read (or wait with screen.wait_for) before acting on it.';

/** Why a call stopped before its last key: its time was up, and how fast the app took keys. */
function outOfTime(pressed: number, started: number, limitMs: number): string {
  const perKey = pressed === 0 ? undefined : (performance.now() - started) / pressed;
  return (
    `A call sends keys for at most ${Number((limitMs / 1000).toFixed(1))} s, and this app took ` +
    `${perKey === undefined ? 'longer than that for one key' : `about ${perKey < 10 ? perKey.toFixed(1) : Math.round(perKey)} ms a key`} ` +
    '(each key waits until the app has handled it and redrawn).'
  );
}

/** The start of what was not typed, to show where to resume. */
function preview(rest: string): string {
  const shown = [...rest].slice(0, 40).join('');
  return shown.length < rest.length ? `${shown}…` : shown;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
