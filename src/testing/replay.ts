import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/client';
import { lineDiff } from '../util/line-diff.js';
import {
  answerText,
  type RecordedAnswer,
  type RecordedCall,
  type Recording,
  recordedSettings,
} from '../util/recording.js';
import { errorText } from '../util/text.js';
import { sessionOf, underscored } from '../walker/tool-name.js';
import { type HeadlessProcess, launchHeadless } from './launch-headless.js';
import { normalizeScreen } from './screen-matchers.js';

export interface ReplayOptions {
  /** The app's command. @default the recorded one */
  command?: readonly string[];
  /** @default process.cwd() */
  cwd?: string;
  /**
   * The environment the app gets on top of this process's. @default only the recording's ink-mcp
   * settings (`recordedSettings`): what else a recording says is applied only when passed here.
   */
  env?: Record<string, string>;
}

/** The first step whose answer or screen is not what was recorded. */
export interface ReplayDifference {
  /** 1-based. */
  step: number;
  steps: number;
  call: RecordedCall;
  part: 'answer' | 'screen';
  /** A line diff, `-` recorded, `+` now. */
  diff: string;
}

export type ReplayResult =
  | { ok: true; steps: number }
  | { ok: false; code: 'differs'; difference: ReplayDifference; message: string }
  | { ok: false; code: 'launch_failed'; message: string };

/**
 * Starts the recorded app again and makes each recorded call in order, answering its consent
 * questions as the person did; stops at the first step whose answer or screen differs (volatile
 * parts masked, as in exported tests).
 */
export async function replayRecording(
  recording: Recording,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const { header } = recording;
  let app: HeadlessProcess;
  const command = options.command ?? header.launch.command;
  try {
    app = await launchHeadless({
      command,
      preload: header.launch.preload,
      env: options.env ?? recordedSettings(header.launch.env).kept,
      session: header.session,
      cwd: options.cwd ?? process.cwd(),
      elicitation: recording.open?.elicitation ?? true,
    });
  } catch (error) {
    return {
      ok: false,
      code: 'launch_failed',
      message: `ink-mcp replay: could not start ${JSON.stringify(command.join(' '))}: ${errorText(error)}. Check the command (after --) starts the app.`,
    };
  }
  try {
    const sessions = [header.session];
    const steps = recording.calls.length;
    for (const [index, call] of recording.calls.entries()) {
      const answer = await callOf(app, call);
      const expected = normalizeScreen(answerText(call.answer), sessions);
      const actual = normalizeScreen(answerText(answer), sessions);
      let part: ReplayDifference['part'] | undefined;
      let diff = '';
      if (expected !== actual) {
        part = 'answer';
        diff = lineDiff(expected, actual);
      } else if (call.screen !== null) {
        const screen = normalizeScreen(await app.screen(sessionOf(call.canonical)), sessions);
        const recorded = normalizeScreen(call.screen, sessions);
        if (screen !== recorded) {
          part = 'screen';
          diff = lineDiff(recorded, screen);
        }
      }
      if (part !== undefined) {
        const difference = { step: index + 1, steps, call, part, diff };
        return { ok: false, code: 'differs', difference, message: describeDifference(difference) };
      }
    }
    return { ok: true, steps };
  } finally {
    await app.close();
  }
}

/** The difference as the replay command says it. */
export function describeDifference(d: ReplayDifference): string {
  return [
    `ink-mcp replay: step ${d.step} of ${d.steps} differs: ${stepTitle(d.call)}`,
    `The ${d.part === 'answer' ? 'answer' : 'screen after it'} is not what was recorded (- recorded, + now):`,
    d.diff,
    '',
  ].join('\n');
}

/**
 * A step as a person reads it: the tool, what it means when that says more, and its arguments (a
 * stable-surface `act` call's own arguments: `todo_act (todo.todos.toggle) {"index":1}`).
 */
export function stepTitle(call: RecordedCall): string {
  // `app_keyboard_press` says `app.keyboard.press` already.
  const same = underscored(call.canonical) === underscored(call.tool);
  const meaning = same ? '' : ` (${call.canonical})`;
  const { widget, action, args } = call.arguments;
  const acting = typeof widget === 'string' && typeof action === 'string' && meaning !== '';
  const shown = acting
    ? typeof args === 'string'
      ? args
      : JSON.stringify(args ?? {})
    : JSON.stringify(call.arguments);
  return `${call.tool}${meaning} ${shown.length > 120 ? `${shown.slice(0, 120)}…` : shown}`;
}

async function callOf(app: HeadlessProcess, call: RecordedCall): Promise<RecordedAnswer> {
  try {
    return (await app.call(call.tool, call.arguments, { consent: consentOf(call) })) as CallToolResult &
      RecordedAnswer;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // The SDK's error says its code first: the recording has the message as the server wrote it.
    const message = errorText(error).replace(/^MCP error -?\d+: /, '');
    return { error: { code: typeof code === 'number' ? code : -1, message } };
  }
}

/** The answers the client gave to the call's questions, as it gave them. */
export function consentOf(call: RecordedCall): ElicitResult[] {
  return (call.questions ?? []).flatMap((q) => {
    const answer = q.answer as { action?: unknown } | null;
    return answer && typeof answer.action === 'string' ? [answer as ElicitResult] : [];
  });
}
