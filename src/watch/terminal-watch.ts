import { shownText } from '../registry/shown-text.js';
import { cellWidth } from '../screen/screen-view.js';
import { sgrOf } from '../screen/sgr.js';
import type { StyledLine } from '../screen/styled-text.js';
import type { FeedMessage, ShownQuestion, WatcherCommand } from '../session/watch-feed.js';
import type { ServerMessage } from './watch-client.js';

/**
 * `ink-mcp watch <session>` in a terminal: the session's screen as drawn (with its colours), a line
 * per call, the open question, and the keys to answer it, pause the agent or take over the keyboard.
 * What the agent and the app send is drawn only as escaped text (`shownText`): nothing they send
 * can move the cursor, retitle or otherwise act on the watcher's terminal. The styles on the screen
 * are written by this file from parsed style objects, never passed through.
 */

/** Hands the keyboard back while the person types into the app (Ctrl+]: telnet's escape). */
export const HAND_BACK_KEY = '\u001d';
const CTRL_C = '\u0003';

interface CallLine {
  seq: number;
  tool: string;
  args: string;
  result?: string;
  ok?: boolean;
  consent?: string;
}

export interface TerminalWatchIo {
  /** Draws a whole frame. */
  write(text: string): void;
  columns(): number;
  rows(): number;
}

/** The watcher's model and its drawing: fed the session's messages and the person's keys. */
export class TerminalWatch {
  readonly #io: TerminalWatchIo;
  readonly #send: (command: WatcherCommand) => void;
  readonly #quit: () => void;
  #session = '';
  #me = '';
  #screen: Extract<FeedMessage, { type: 'screen' }> | undefined;
  #calls: CallLine[] = [];
  #state: Extract<FeedMessage, { type: 'state' }> | undefined;
  #notice = '';
  #gone: string | undefined;

  constructor(io: TerminalWatchIo, send: (command: WatcherCommand) => void, quit: () => void) {
    this.#io = io;
    this.#send = send;
    this.#quit = quit;
  }

  receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.#session = message.session;
        this.#me = message.name;
        break;
      case 'screen':
        this.#screen = message;
        break;
      case 'state':
        this.#state = message;
        break;
      case 'call': {
        if (message.phase === 'asked') {
          this.#calls.push({ seq: message.seq, tool: message.tool, args: message.args });
          if (this.#calls.length > 200) this.#calls.shift();
        } else {
          const line = this.#calls.find((c) => c.seq === message.seq);
          if (line) {
            line.result = message.result;
            line.ok = message.ok;
            if (message.consent !== undefined) line.consent = message.consent;
          }
        }
        break;
      }
      case 'notice':
        this.#notice = message.text;
        break;
      case 'gone':
        this.#gone = 'The app stopped.';
        break;
      case 'refused':
        this.#gone =
          message.message + (message.sessions ? ` Sessions here: ${message.sessions.join(', ')}.` : '');
        break;
    }
    this.draw();
  }

  /** A chunk of the person's keys (raw mode). */
  key(data: string): void {
    const state = this.#state;
    const typing = state?.typing !== undefined && state.typing === this.#me;
    if (typing) {
      if (data === HAND_BACK_KEY) this.#send({ type: 'give' });
      else this.#send({ type: 'keys', data });
      return;
    }
    if (data === 'q' || data === CTRL_C) {
      this.#quit();
      return;
    }
    this.#notice = '';
    const question = state?.question;
    if ((data === 'y' || data === 'n') && question)
      this.#send({ type: 'answer', question: question.id, approve: data === 'y' });
    else if (data === 'p') this.#send({ type: state?.paused ? 'resume' : 'pause' });
    else if (data === 't') this.#send({ type: 'take' });
    this.draw();
  }

  draw(): void {
    const columns = Math.max(20, this.#io.columns());
    const out: string[] = [];
    const shown = (text: string) => clipCells(shownText(text), columns);
    const state = this.#state;
    const typing = state?.typing;
    const status = [
      `ink-mcp watch: session "${this.#session}"`,
      state ? `${state.watchers} watching` : 'connecting…',
      state?.paused ? 'AGENT PAUSED' : 'agent running',
      ...(typing === undefined ? [] : [typing === this.#me ? 'YOU ARE TYPING' : `${typing} is typing`]),
    ].join(' · ');
    out.push(`\u001b[0;1m${shown(status)}\u001b[0m`);
    const screen = this.#screen;
    if (screen) {
      out.push(`\u001b[2m${shown(`┌ screen ${screen.size.columns}×${screen.size.rows}`)}\u001b[0m`);
      for (const line of screen.lines.slice(0, screen.size.rows)) out.push(drawLine(line, columns));
      out.push(`\u001b[2m${shown('└')}\u001b[0m`);
      if (screen.focus !== undefined) out.push(shown(`Focus: ${screen.focus}`));
    }
    out.push(`\u001b[2m${shown('── calls')}\u001b[0m`);
    const room = Math.max(3, this.#io.rows() - out.length - 8);
    for (const call of this.#calls.slice(-room)) out.push(shown(callLine(call)));
    const question = state?.question;
    if (question) out.push(...questionLines(question).map((l) => `\u001b[1;33m${shown(l)}\u001b[0m`));
    if (this.#notice) out.push(`\u001b[36m${shown(this.#notice)}\u001b[0m`);
    if (this.#gone) out.push(`\u001b[1;31m${shown(this.#gone)}\u001b[0m`);
    out.push(
      `\u001b[2m${shown(
        typing === this.#me && typing !== undefined
          ? 'Your keys go to the app. Ctrl+] hands the keyboard back.'
          : 'y allow · n deny · p pause/resume · t take over the keyboard · q quit',
      )}\u001b[0m`,
    );
    // Home, the frame, then clear what is left of the old one below it.
    this.#io.write(`\u001b[H${out.map((l) => `${l}\u001b[K`).join('\r\n')}\u001b[J`);
  }
}

function callLine(call: CallLine): string {
  const result =
    call.result === undefined ? '… running' : `${call.ok ? '→' : '✗'} ${call.result.replace(/\s+/g, ' ')}`;
  // Who approved it comes before the result, which may be long and is cut at the terminal's edge.
  const consent = call.consent === undefined ? '' : `[${call.consent}] `;
  return `#${call.seq} ${call.tool} ${call.args} ${consent}${result}`;
}

function questionLines(question: ShownQuestion): string[] {
  const head = `── question ${question.position} of ${question.total} ${question.armed ? '(y allow, n deny)' : '(wait: read it first)'}`;
  return [head, ...question.text.split('\n')];
}

/** One screen row drawn with its styles, cut to the watcher's columns. */
function drawLine(line: StyledLine, columns: number): string {
  let width = 0;
  let out = '';
  for (const span of line) {
    let text = '';
    for (const char of shownText(span.text)) {
      const w = cellWidth(char.codePointAt(0) as number);
      if (width + w > columns) break;
      width += w;
      text += char;
    }
    if (text !== '') out += `${sgrOf(span.style)}${text}`;
    if (width >= columns) break;
  }
  return `${out}\u001b[0m`;
}

function clipCells(text: string, columns: number): string {
  let width = 0;
  let out = '';
  for (const char of text) {
    const w = cellWidth(char.codePointAt(0) as number);
    if (width + w > columns) break;
    width += w;
    out += char;
  }
  return out;
}
