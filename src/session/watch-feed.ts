import type { ConfirmOutcome } from '../registry/authorize.js';
import { shownArgs, shownLines, shownText } from '../registry/shown-text.js';
import type { ScreenSize } from '../screen/screen-view.js';
import type { StyledLine } from '../screen/styled-text.js';
import { defined } from '../util/defined.js';
import { redactDeep } from '../util/redact.js';
import { type SecretNames, secretNameTest } from '../util/secret-names.js';
import { clip } from '../util/text.js';
import { sessionOf } from '../walker/tool-name.js';
import type { CallAnswer, CallEvent, ConsentSeen, Hub } from './hub.js';
import type { PersonState } from './person-channel.js';
import type { Session } from './session.js';

/**
 * What a watcher of a headless session is told (`ink-mcp watch`, its page; JSON, one message a
 * line over the watch socket). Every text that came from the agent or the app is already shown
 * safely: control, invisible and format characters escaped (`shownText`), secrets redacted; the
 * screen is the cleaned styled screen (no escape sequences left in it).
 */
export type FeedMessage =
  | { type: 'welcome'; session: string; watcher: number; name: string }
  | { type: 'screen'; lines: StyledLine[]; size: ScreenSize; focus?: string }
  | { type: 'call'; phase: 'asked'; seq: number; tool: string; args: string }
  | {
      type: 'call';
      phase: 'answered';
      seq: number;
      tool: string;
      ok: boolean;
      result: string;
      /** Who was asked to approve it and what came of it, when anyone was. */
      consent?: string;
    }
  | {
      type: 'state';
      watchers: number;
      paused: boolean;
      /** The watcher holding the keyboard, by name. */
      typing?: string;
      question?: ShownQuestion;
    }
  /** A command that could not be done, and why. */
  | { type: 'notice'; text: string }
  /** The app stopped: the feed ends. */
  | { type: 'gone' };

/** The question open now, as a person is shown it: whole, escaped. */
export interface ShownQuestion {
  id: number;
  armed: boolean;
  position: number;
  total: number;
  /** When it denies itself (ms since the epoch). */
  deadline: number;
  tool: string;
  args: string;
  /** The whole question in words (what the app says it will do, the tool, the arguments). */
  text: string;
}

/** What a watcher may ask for. Anything else is answered with a notice and changes nothing. */
export type WatcherCommand =
  | { type: 'answer'; question: number; approve: boolean }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'take' }
  | { type: 'give' }
  | { type: 'keys'; data: string };

export interface FeedOptions {
  /** Names whose values are redacted, besides the built-in ones (`createMcpServer({ secrets })`). */
  secrets?: SecretNames;
  /** How often the screen is looked at for changes a commit did not announce (Ink's throttled frames). @default 200 */
  pollMs?: number;
}

/** The longest result text a timeline line carries. */
const MAX_RESULT = 400;
/** The longest keys one command may type. */
const MAX_KEYS = 4096;

export interface Feed {
  /** A watcher's command (parsed JSON, not trusted). */
  command(command: unknown): void;
  /** The watcher left: what it held (a question's only watcher, the keyboard) is let go. */
  close(): void;
}

/**
 * One watcher's feed of one session: joins its person channel, sends the screen as it changes, each
 * call as it goes by, and the person's state; carries the watcher's commands to the channel. The
 * transport (a socket, a page's events) only moves the messages.
 */
export function openFeed(
  hub: Hub,
  session: Session,
  name: string,
  send: (message: FeedMessage) => void,
  options: FeedOptions = {},
): Feed {
  const isSecret = secretNameTest(options.secrets);
  const watcher = session.person.join(clip(shownText(name), 40));
  const offs: (() => void)[] = [];
  let lastScreen = '';
  let typed: Promise<void> = Promise.resolve();
  let closed = false;
  const sendScreen = () => {
    // The person's picture: drawing it for them tells the agent nothing (its colour hints stay due).
    const picture = session.screenPicture('person');
    if (picture === undefined) return;
    const focus = session.focus?.();
    const message: FeedMessage = {
      type: 'screen',
      lines: picture.lines,
      size: picture.size,
      ...defined({ focus }),
    };
    const text = JSON.stringify(message);
    if (text === lastScreen) return;
    lastScreen = text;
    send(message);
  };
  let soon: ReturnType<typeof setTimeout> | undefined;
  const screenSoon = () => {
    soon ??= setTimeout(() => {
      soon = undefined;
      if (!closed) sendScreen();
    }, 15);
  };
  const poll = setInterval(() => sendScreen(), options.pollMs ?? 200);
  poll.unref?.();

  send({ type: 'welcome', session: session.id, watcher: watcher.id, name: watcher.name });
  send(stateMessage(session.person.state()));
  sendScreen();
  offs.push(session.person.changes.subscribe((state) => send(stateMessage(state))));
  offs.push(session.onChange(screenSoon));
  offs.push(
    hub.calls.subscribe((event) => {
      if (sessionOf(event.name) !== session.id) return;
      // A sensitive action's arguments are all hidden (as its question shows them); others by name.
      const sensitive = hub.registry.get(event.name)?.annotations.sensitive === true;
      const hide = sensitive ? () => true : isSecret;
      send(callMessage(event, (args) => shownArgs(asArgs(redactDeep(args, hide)))));
      if (event.phase === 'answered') sendScreen();
    }),
  );
  offs.push(
    session.onStop(() => {
      send({ type: 'gone' });
      close();
    }),
  );

  const notice = (text: string) => send({ type: 'notice', text });
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    clearTimeout(soon);
    for (const off of offs.splice(0)) off();
    watcher.handBack();
    watcher.leave();
  };
  const command = (raw: unknown) => {
    if (closed) return;
    const cmd = raw as Partial<WatcherCommand> & Record<string, unknown>;
    switch (typeof cmd === 'object' && cmd !== null ? cmd.type : undefined) {
      case 'answer': {
        const { question, approve } = cmd as { question?: unknown; approve?: unknown };
        if (typeof question !== 'number' || typeof approve !== 'boolean')
          return notice("An answer needs the question's number and approve: true or false.");
        const result = watcher.answer(question, approve);
        if (result === 'not_armed')
          return notice('Not yet: the question was just shown. Read it, then answer again.');
        if (result === 'not_open') return notice('That question is no longer open.');
        return;
      }
      case 'pause':
        return watcher.pause();
      case 'resume':
        return watcher.resume();
      case 'take':
        return watcher.takeOver();
      case 'give':
        return watcher.handBack();
      case 'keys': {
        const { data } = cmd as { data?: unknown };
        if (typeof data !== 'string' || data.length === 0 || data.length > MAX_KEYS)
          return notice(`Keys are a string of 1 to ${MAX_KEYS} characters.`);
        if (!watcher.typing)
          return notice('Take over the keyboard first: your keys go to the app only then.');
        if (!session.input) return notice('This app has no keyboard to type into.');
        const { input } = session;
        // In the order typed: each key waits for the one before it to take effect.
        typed = typed.then(() =>
          input(data).then(screenSoon, (error: unknown) =>
            notice(`The keys did not reach the app: ${clip(shownText(String(error)), 200)}`),
          ),
        );
        return;
      }
      default:
        return notice(
          'Unknown command: send answer, pause, resume, take, give or keys (JSON objects with a "type").',
        );
    }
  };
  return { command, close };
}

function stateMessage(state: PersonState): FeedMessage {
  const { question } = state;
  return {
    type: 'state',
    watchers: state.watchers,
    paused: state.paused,
    ...defined({ typing: state.typing }),
    ...(question === undefined
      ? {}
      : {
          question: {
            id: question.id,
            armed: question.armed,
            position: question.position,
            total: question.total,
            deadline: question.deadline,
            tool: shownText(question.request.tool),
            args: shownArgs(question.request.args),
            text: questionText(question.request),
          },
        }),
  };
}

/** The question in words, as elicitation words it (src/server/elicit-confirm.ts), escaped. */
function questionText(request: {
  tool: string;
  args: Record<string, unknown>;
  sessionId: string;
  summary?: string;
}): string {
  const summary = request.summary === undefined ? '' : `${shownText(request.summary)}\n\n`;
  return `${summary}An agent wants to call ${shownText(request.tool)} in the app "${shownText(request.sessionId)}" with ${shownArgs(request.args)}. Allow this one call?`;
}

function callMessage(event: CallEvent, showArgs: (args: unknown) => string): FeedMessage {
  const tool = shownText(event.name);
  if (event.phase === 'asked')
    return { type: 'call', phase: 'asked', seq: event.seq, tool, args: showArgs(event.args) };
  const consent = consentWords(event.consent);
  return {
    type: 'call',
    phase: 'answered',
    seq: event.seq,
    tool,
    ok: event.answer.ok,
    result: clip(shownLines(resultText(event.answer)), MAX_RESULT),
    ...defined({ consent }),
  };
}

function resultText(answer: CallAnswer): string {
  if (!answer.ok) return answer.error.message;
  const { value } = answer as { value?: unknown };
  if (value === undefined) return 'done';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? 'done';
  } catch {
    return '(a value that cannot be shown)';
  }
}

function consentWords(consent: ConsentSeen | undefined): string | undefined {
  if (consent === undefined) return undefined;
  const who = consent.by === 'person' ? 'the person watching' : "the client's user";
  const outcome: ConfirmOutcome = consent.outcome;
  if (outcome === true) return `approved by ${who}`;
  if (outcome === false) return `declined by ${who}`;
  if ('timedOut' in outcome) return `${who} did not answer in time`;
  if ('stale' in outcome) return `${who}'s earlier answer no longer counts (${outcome.stale})`;
  return outcome.unanswered === 'left' ? `${who} left without answering` : 'nobody could be asked';
}

function asArgs(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { arguments: value };
}
