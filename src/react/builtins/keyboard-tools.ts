import { terminalControlIssue } from '../../registry/control-characters.js';
import { ActionError } from '../../walker/action-error.js';
import { KEYBOARD_PRESS, KEYBOARD_TYPE } from '../../walker/builtin-catalog.js';
import { personOnlyRefusal } from '../../walker/person-only.js';
import type { ActionSpec, ToolProvider } from '../../walker/types.js';
import { keySequences, typedKeys, VALID_KEY_NAMES } from '../key-names.js';
import { spec } from './catalog-spec.js';
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
        const keys = (args as { keys: string[] }).keys;
        const result = keySequences(keys);
        if (!result.ok) {
          throw new ActionError(
            `ink-mcp: no key is named ${result.unknown.map((k) => JSON.stringify(k)).join(', ')}; nothing was pressed. ` +
              `Valid names: ${VALID_KEY_NAMES.join(', ')}. To type text, use keyboard.type.`,
          );
        }
        const pressed = await pressAll(host, result.sequences, info.signal);
        const what = `${keys.slice(0, pressed).join(' ')}`;
        return pressed === keys.length
          ? `Pressed ${plural(keys.length, 'key')}: ${what}`
          : `Pressed ${pressed} of ${plural(keys.length, 'key')} (${what}): the app stopped before the rest.`;
      },
    },
    {
      ...spec(KEYBOARD_TYPE),
      run: async (args, info) => {
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
        const typed = await pressAll(host, keys, info.signal);
        return typed === keys.length
          ? `Typed ${plural(keys.length, 'key')}.`
          : `Typed ${typed} of ${plural(keys.length, 'key')}: the app stopped before the rest.`;
      },
    },
  ];
  return { mcpTools: () => specs };
}

/**
 * Presses keys one at a time, each after the previous one's commit; stops when the call's signal
 * aborts (the session stopped: a key made the app exit, or the call was cancelled or timed out), so
 * no key reaches an app that is gone. Returns how many were pressed.
 *
 * Refuses to press on while a widget only a person may answer is up (src/walker/person-only.ts),
 * checked before every key: `d` may open a confirmation that the next key, `y`, would answer.
 */
async function pressAll(host: BuiltinHost, keys: readonly string[], signal: AbortSignal): Promise<number> {
  let pressed = 0;
  for (const key of keys) {
    if (signal.aborted) break;
    const question = host.personOnly();
    if (question !== undefined) {
      throw personOnlyRefusal(
        question,
        pressed === 0
          ? undefined
          : `${pressed} of ${plural(keys.length, 'key')} were sent before it came up, the rest were not`,
      );
    }
    await host.press(key);
    pressed++;
  }
  return pressed;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
