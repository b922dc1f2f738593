import { z } from 'zod';
import type { ActionSpec, CallInfo, Observation } from '../../src/index.js';
import { action } from '../internal/action.js';
import { WidgetError } from '../internal/fail.js';
import { submitChecked } from './submit-effect.js';
import { changeChecked, shows, type TextChange, type TextCheck } from './text-effect.js';

/** What a text field can do; the actions offered follow from what is given. */
export interface TextField {
  /** Names the field in descriptions and messages: `the text input "name"`. */
  field: string;
  replace(text: string, call: CallInfo): void | Promise<void>;
  append?(text: string, call: CallInfo): void | Promise<void>;
  clear(call: CallInfo): void | Promise<void>;
  /** Offered as `submit` when given. */
  submit?(call: CallInfo): void | Promise<void>;
  /**
   * `submit` presses Enter (the app's key handlers hear it) rather than calling the field's handler:
   * then nothing changing is a `no_effect`, whatever `check.byKeys` says of the text actions.
   */
  submitByKeys?: boolean | ((call: CallInfo) => boolean);
  /** Offered as `get_value` when given (never for a secret). */
  getValue?(): string;
  /** A secret: every action is `sensitive`, none answers anything, an app error's text is withheld. */
  secret?: boolean;
  /**
   * How the actions see their effect (`CallInfo.observe`). Given, `type_into`, `append` and `clear`
   * answer done only once the field holds what was asked, and `submit` only once something changed
   * (text-effect.ts); otherwise they say what happened and what to try.
   */
  check?: TextCheck;
}

const REPLACE = z.object({ text: z.string().describe('The new text; it replaces what is there') });
const APPEND = z.object({ text: z.string().describe('The text to add at the end') });
const SECRET = z.object({ text: z.string().describe('The secret; it replaces what is there') });

/**
 * The text-field vocabulary, the same for the built-in TextInput and PasswordInput and for every
 * adapted text input: `type_into {text}`, `append {text}`, `clear`, `submit`, `get_value`.
 */
export function textActions(t: TextField): ActionSpec[] {
  const { field } = t;
  const secret = t.secret === true;
  const annotations = secret ? { sensitive: true } : undefined;
  const run = secret
    ? (doing: string, act: () => void | Promise<void>) => withheld(field, doing, act)
    : (_: string, act: () => void | Promise<void>) => act();
  const { check } = t;
  const change = (what: TextChange, call: CallInfo, act: () => void | Promise<void>) =>
    check ? changeChecked(field, secret, check, what, call, act) : act();
  const specs: ActionSpec[] = [
    action({
      name: 'type_into',
      description: secret
        ? `Replace the secret in ${field} with the given text. The value is never shown or returned.`
        : `Replace the text of ${field}.`,
      // The answers' list of actions gives a widget's actions on one line (src/walker/types.ts).
      summary: secret ? 'replaces the secret; never shown' : 'replaces the text',
      inputSchema: secret ? SECRET : REPLACE,
      ...(annotations ? { annotations } : {}),
      run: ({ text }, call) =>
        change({ kind: 'replace', text }, call, () => run('typing into', () => t.replace(text, call))),
    }),
  ];
  if (t.append && !secret) {
    const append = t.append;
    specs.push(
      action({
        name: 'append',
        description: `Add text at the end of ${field}.`,
        summary: '',
        inputSchema: APPEND,
        run: ({ text }, call) => change({ kind: 'append', text }, call, () => append(text, call)),
      }),
    );
  }
  specs.push({
    name: 'clear',
    description: `Empty ${field}.`,
    summary: '',
    ...(annotations ? { annotations } : {}),
    run: (_args, call) => change({ kind: 'clear' }, call, () => run('clearing', () => t.clear(call))),
  });
  if (t.submit) {
    const submit = t.submit;
    specs.push({
      name: 'submit',
      description: `Submit ${field}, as Enter does.`,
      summary: 'as Enter does',
      ...(annotations ? { annotations } : {}),
      run: (_args, call) => {
        const act = () => run('submitting', () => submit(call));
        if (!check) return act();
        const still = (seen: Observation) => {
          const held = check.read?.(seen);
          return held === undefined ? undefined : shows(held, secret);
        };
        const byKeys = typeof t.submitByKeys === 'function' ? t.submitByKeys(call) : t.submitByKeys;
        return submitChecked(field, byKeys ?? check.byKeys, call, act, still);
      },
    });
  }
  if (t.getValue && !secret) {
    const getValue = t.getValue;
    specs.push({
      name: 'get_value',
      description: `Read the text of ${field}.`,
      summary: '',
      run: () => ({ value: getValue() }),
    });
  }
  return specs;
}

/** Runs an action on a secret; the app's handler may throw with the secret in its message. Answers nothing. */
function withheld(field: string, doing: string, act: () => void | Promise<void>): void | Promise<void> {
  const fail = (error: unknown): never => {
    if (error instanceof WidgetError) throw error;
    // A plain Error, not a WidgetError: the app failed, which counts toward the breaker.
    throw new Error(
      `ink-mcp: ${doing} ${field} failed in the app's handler (its message is withheld: it may hold the secret)`,
    );
  };
  try {
    const done = act();
    return done instanceof Promise ? done.catch(fail) : done;
  } catch (error) {
    return fail(error);
  }
}
