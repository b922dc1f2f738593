import { shownArgs, shownLines, shownText } from '../registry/shown-text.js';
import { screenHtml } from '../screen/screen-html.js';
import { PLAIN } from '../screen/sgr.js';
import { parseStyled, type StyledLine } from '../screen/styled-text.js';
import type { PageStep } from '../session/watch-page.js';
import type { CastEvent } from '../util/asciicast.js';
import { defined } from '../util/defined.js';
import { answerText, type Recording } from '../util/recording.js';

/** What the recorder writes before each frame of the cast (clear, home): not part of the screen. */
const FRAME_START = '\u001b[H\u001b[2J\u001b[3J';

/**
 * A recording's calls as the page's steps: each call's arguments and answer (escaped), and the screen
 * after it — from the cast (with its colours) when there is one: the last frame drawn before the next
 * call was asked; else the plain screen the recording kept.
 */
export function recordingSteps(recording: Recording, cast: CastEvent[] | undefined): PageStep[] {
  const size = { columns: recording.header.columns, rows: recording.header.rows };
  const frames = (cast ?? []).filter((e) => e[1] === 'o');
  return recording.calls.map((call, i) => {
    const next = recording.calls[i + 1];
    const until = next === undefined ? Number.POSITIVE_INFINITY : next.time;
    const frame = frames.filter((f) => f[0] <= until).at(-1);
    const lines: StyledLine[] =
      frame !== undefined
        ? parseStyled(frame[2].startsWith(FRAME_START) ? frame[2].slice(FRAME_START.length) : frame[2], true)
        : (call.screen ?? '').split('\n').map((text) => (text === '' ? [] : [{ text, style: PLAIN }]));
    const who =
      call.askedOf === 'person'
        ? ' by the person watching'
        : call.askedOf === 'client'
          ? " by the client's user"
          : '';
    const consent =
      call.approved === undefined ? undefined : `${call.approved ? 'approved' : 'not approved'}${who}`;
    const result = answerText(call.answer);
    return {
      seq: call.seq,
      // The action it means (`todo_act {widget, action}` is `todo.todos.add_item`).
      tool: shownText(call.canonical),
      args: shownArgs(call.arguments),
      ok: !('error' in call.answer) && call.answer.isError !== true,
      result: shownLines(result),
      ...defined({ consent }),
      screen: screenHtml({ lines: lines.slice(-size.rows), size }),
    };
  });
}
