import { closeSync, ftruncateSync, writeSync } from 'node:fs';
import type { Transport } from '@modelcontextprotocol/server';
import { FOCUS_NODE_TYPE } from '../react/builtins/focus-tools.js';
import type { MemoryTerminal } from '../react/memory-terminal.js';
import { shownText } from '../registry/shown-text.js';
import { viewText } from '../screen/screen-view.js';
import type { Hub } from '../session/hub.js';
import { castFrameLine, castHeaderLine, castMarkerLine } from '../util/asciicast.js';
import type { Logger } from '../util/logger.js';
import {
  RECORDING_VERSION,
  type RecordedAnswer,
  type RecordedCall,
  type RecordedLaunch,
  type RecordedQuestion,
  type RecordingLine,
} from '../util/recording.js';
import { REDACTED, type SecretNames, secretNameTest } from '../util/secret-names.js';
import { clip, errorText } from '../util/text.js';
import { cleanText, keepOnlyStyles } from '../walker/clean-text.js';
import { sessionOf, toolName, underscored, widgetActionName } from '../walker/tool-name.js';
import type { ViewNode } from '../walker/types.js';
import { openPrivateFile } from './private-file.js';
import { RecordRedactor } from './record-redaction.js';
import { tapTransport } from './tap-transport.js';

/**
 * The most either file of a recording grows to (bytes): an app that animates draws a screen many
 * times a second, and a cast of it grows by up to a gigabyte an hour. At the cap the file says so in
 * its last line, the recorder warns once, and that file is not written again.
 */
export const MAX_RECORDING_BYTES = 64 * 1024 * 1024;

/** What to record and how the app is started again (replay, exported tests). */
export interface RecordSetup {
  /** The JSON Lines file; the screen goes to `<file>.cast` (asciicast v2). */
  file: string;
  launch: RecordedLaunch;
  /** @default process.cwd() */
  cwd?: string;
  /** Open the files at the first message the server gets (the preload: `Recorder.deferred`). @default false */
  deferred?: boolean;
  /** The cap of each file, in bytes. @default MAX_RECORDING_BYTES */
  maxBytes?: number;
}

export interface RecorderContext {
  hub: Hub;
  session: string;
  columns: number;
  rows: number;
  secrets?: SecretNames;
  logger: Logger;
}

export type RecorderError = { code: 'record_failed'; message: string };

type Message = Parameters<Transport['send']>[0];
type Id = string | number;

interface OpenCall {
  seq: number;
  at: number;
  tool: string;
  canonical: string;
  arguments: Record<string, unknown>;
  questions: RecordedQuestion[];
}

/**
 * Writes a served session as it goes: each answered `tools/call` as one JSON line (the call, what it
 * means, its answer and the screen after it), and every screen the app draws to `<file>.cast`. Each
 * line is written whole, synchronously, as it happens: a crash loses nothing already answered.
 * Both files are private (mode 0600, never written through a link: `private-file.ts`), bounded
 * (`MAX_RECORDING_BYTES`), and everything written passes the one redaction (`record-redaction.ts`):
 * values under secret names, a sensitive tool's arguments, text typed into a field that holds a
 * secret, and every later copy of those values. The cast keeps only the screen's styles of all the
 * escapes an app draws (`keepOnlyStyles`): playing it cannot act on the player's terminal.
 */
export class Recorder {
  readonly #ctx: RecorderContext;
  readonly #setup: RecordSetup;
  #fd: number | undefined;
  #castFd: number | undefined;
  #start = Date.now();
  /** Not begun yet (files unopened): at the first message, when `deferred`. */
  #pending: boolean;
  /** The screen shown before the files were open, written once they are. */
  #unwritten: string | undefined;
  readonly #redactor: RecordRedactor;
  /** Bytes written to each file so far (for the cap). */
  readonly #written = new Map<number, number>();
  readonly #calls = new Map<Id, OpenCall>();
  readonly #questions = new Map<Id, { call: OpenCall; question: RecordedQuestion }>();
  #initialize: { id: Id; client: unknown; elicitation: boolean } | undefined;
  #opened = false;
  #seq = 0;
  #lastFrame: string | undefined;
  #frameSoon: NodeJS.Immediate | undefined;
  readonly #unwatch: (() => void)[] = [];

  /** Consent the person watching gave or refused, by the canonical name of its call, oldest first. */
  readonly #personConsent: { name: string; approved: boolean }[] = [];

  private constructor(ctx: RecorderContext, setup: RecordSetup, pending: boolean) {
    this.#ctx = ctx;
    this.#setup = setup;
    this.#pending = pending;
    this.#redactor = new RecordRedactor(secretNameTest(ctx.secrets));
    // A question the person watching answered is not a message of the transport: the hub tells it,
    // before the call's answer is sent.
    this.#unwatch.push(
      ctx.hub.calls.subscribe((event) => {
        if (event.phase !== 'answered' || event.consent?.by !== 'person') return;
        this.#personConsent.push({ name: event.name, approved: event.consent.outcome === true });
        if (this.#personConsent.length > 100) this.#personConsent.shift();
      }),
    );
  }

  /** Opens (truncates) both files and writes their headers now; an error value when they cannot be written. */
  static open(setup: RecordSetup, ctx: RecorderContext): Recorder | RecorderError {
    const recorder = new Recorder(ctx, setup, false);
    return recorder.#begin() ?? recorder;
  }

  /**
   * Opens the files at the first message the server gets, not before: under the launcher every
   * Node process of the command loads the preload, and only the one the launcher serves (the first
   * to import Ink) gets any; another must not truncate the recording. A failure is then logged.
   */
  static deferred(setup: RecordSetup, ctx: RecorderContext): Recorder {
    return new Recorder(ctx, setup, true);
  }

  #begin(): RecorderError | undefined {
    this.#pending = false;
    const { file, launch } = this.#setup;
    const { columns, rows, session } = this.#ctx;
    this.#start = Date.now();
    const failed = (why: string): RecorderError => {
      for (const fd of [this.#fd, this.#castFd]) if (fd !== undefined) closeSync(fd);
      this.#fd = undefined;
      this.#castFd = undefined;
      return {
        code: 'record_failed',
        message: `ink-mcp: cannot record to ${JSON.stringify(file)}: ${why}. Give a file in a folder that exists and you can write.`,
      };
    };
    // Both opened (and checked) before either is truncated: a refused cast leaves the recording as it was.
    const opened = openPrivateFile(file);
    if (!opened.ok) return failed(opened.why);
    this.#fd = opened.fd;
    const cast = openPrivateFile(`${file}.cast`);
    if (!cast.ok) return failed(cast.why);
    this.#castFd = cast.fd;
    try {
      ftruncateSync(this.#fd, 0);
      ftruncateSync(this.#castFd, 0);
      const time = new Date(this.#start).toISOString();
      const cwd = this.#setup.cwd ?? process.cwd();
      const header = {
        type: 'header',
        version: RECORDING_VERSION,
        launch,
        cwd,
        session,
        columns,
        rows,
        time,
      } as const;
      this.#line(header);
      const title = this.#redactor.text(cleanText(`ink-mcp: ${launch.command.join(' ')}`));
      const timestamp = Math.floor(this.#start / 1000);
      const env = { TERM: 'xterm-256color' };
      this.#write(
        this.#castFd,
        castHeaderLine({ version: 2, width: columns, height: rows, timestamp, env, title }),
      );
    } catch (error) {
      return failed(errorText(error));
    }
    if (this.#unwritten !== undefined) this.#frame(this.#unwritten);
    return undefined;
  }

  /** Records what passes through `transport` (call before the server connects to it). */
  tap(transport: Transport): void {
    tapTransport(transport, { received: (m) => this.#received(m), sent: (m) => this.#sent(m) });
  }

  /** Writes each new screen `terminal` shows to the cast. */
  watch(terminal: MemoryTerminal): void {
    const stdout = terminal.stdout;
    const write = stdout.write;
    // Ink writes the first frame inside `render`, before the app is watched.
    if (stdout.lastFrame() !== undefined) this.#frame(terminal.styledScreen());
    // Ink calls `stdout.write` at each frame: the frame is read once the write has settled (Ink 8
    // tells frames from the app's own text a microtask later: memory-terminal.ts).
    stdout.write = ((...args: Parameters<typeof write>) => {
      const result = write(...args);
      this.#frameSoon ??= setImmediate(() => {
        this.#frameSoon = undefined;
        this.#frame(terminal.styledScreen());
      });
      return result;
    }) as typeof write;
    this.#unwatch.push(() => {
      stdout.write = write;
    });
  }

  /** Writes the `end` line and closes both files. */
  close(): void {
    if (this.#frameSoon) clearImmediate(this.#frameSoon);
    this.#frameSoon = undefined;
    for (const unwatch of this.#unwatch.splice(0)) unwatch();
    if (!this.#pending) this.#line({ type: 'end', time: this.#seconds() });
    this.#pending = false;
    for (const fd of [this.#fd, this.#castFd]) if (fd !== undefined) closeSync(fd);
    this.#fd = undefined;
    this.#castFd = undefined;
  }

  #received(message: Message): void {
    if (this.#pending) {
      const failed = this.#begin();
      if (failed) this.#ctx.logger.warn(`${failed.message} The app is served, not recorded.`);
    }
    if (!('method' in message) || !('id' in message)) {
      if ('id' in message) this.#answered(message.id as Id, message);
      // A cancelled call gets no answer: it is not recorded, and asks nothing more.
      else if ('method' in message && message.method === 'notifications/cancelled') {
        const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
        if (typeof id === 'string' || typeof id === 'number') this.#calls.delete(id);
      }
      return;
    }
    const { id, method } = message as { id: Id; method: string; params?: Record<string, unknown> };
    const params = (message as { params?: Record<string, unknown> }).params ?? {};
    if (method === 'initialize') {
      const capabilities = params.capabilities as { elicitation?: unknown } | undefined;
      this.#initialize = {
        id,
        client: params.clientInfo,
        elicitation: capabilities?.elicitation !== undefined,
      };
      return;
    }
    if (!this.#opened) this.#openFromEnvelope(params);
    if (method !== 'tools/call') return;
    const tool = typeof params.name === 'string' ? params.name : String(params.name);
    const args = isRecord(params.arguments) ? params.arguments : {};
    const canonical = canonicalName(this.#ctx.hub, tool, args);
    const seq = ++this.#seq;
    this.#marker(seq, tool, args);
    this.#calls.set(id, {
      seq,
      at: Date.now(),
      tool,
      canonical,
      arguments: this.#secretArguments(canonical, args),
      questions: [],
    });
  }

  #sent(message: Message): void {
    if ('method' in message && 'id' in message) {
      // A question to the client (a person's consent), asked during the call still open; the
      // server's other requests (a ping) are not the call's.
      if (message.method !== 'elicitation/create') return;
      const call = [...this.#calls.values()].at(-1);
      const params = (message as { params?: { message?: unknown } }).params;
      if (call) {
        const question = {
          method: message.method,
          message: typeof params?.message === 'string' ? params.message : null,
          answer: null,
        };
        call.questions.push(question);
        this.#questions.set(message.id as Id, { call, question });
      }
      return;
    }
    if (!('id' in message)) return;
    const id = message.id as Id;
    if (this.#initialize?.id === id && 'result' in message) {
      const result = message.result as { protocolVersion?: unknown };
      this.#open(
        typeof result.protocolVersion === 'string' ? result.protocolVersion : null,
        this.#initialize.client,
        this.#initialize.elicitation,
      );
      this.#initialize = undefined;
      return;
    }
    const call = this.#calls.get(id);
    if (!call) return;
    this.#calls.delete(id);
    const answer: RecordedAnswer =
      'result' in message
        ? (message.result as RecordedAnswer)
        : { error: (message as { error: { code: number; message: string } }).error };
    const session = this.#ctx.hub.session(sessionOf(call.canonical));
    const view = session?.screenView();
    // Where the keys went is known for sure once they were typed (focus may have been unknown when
    // the call came: an app's first focus is set by an effect).
    if (isTyping(call.canonical) && this.#typingIntoSecret(sessionOf(call.canonical)))
      call.arguments = this.#typedSecret(call.canonical, call.arguments);
    const line: RecordedCall = {
      type: 'call',
      seq: call.seq,
      time: (call.at - this.#start) / 1000,
      ms: Date.now() - call.at,
      tool: call.tool,
      canonical: call.canonical,
      arguments: call.arguments,
      answer,
      screen: view === undefined ? null : viewText(view),
    };
    if (call.questions.length > 0) {
      line.approved = call.questions.every((q) => approves(q.answer));
      line.askedOf = 'client';
      line.questions = call.questions;
    } else {
      const at = this.#personConsent.findIndex((c) => c.name === call.canonical);
      if (at >= 0) {
        line.approved = (this.#personConsent[at] as { approved: boolean }).approved;
        line.askedOf = 'person';
        this.#personConsent.splice(at, 1);
      }
    }
    this.#line(line);
  }

  /** The client's answer to a question the server asked. */
  #answered(id: Id, message: Message): void {
    const asked = this.#questions.get(id);
    if (!asked) return;
    this.#questions.delete(id);
    asked.question.answer =
      'result' in message ? message.result : { error: (message as { error?: unknown }).error };
  }

  /** 2026-07-28: no initialize; the first request says the version and the client in its envelope. */
  #openFromEnvelope(params: Record<string, unknown>): void {
    const meta = isRecord(params._meta) ? params._meta : {};
    const version = meta['io.modelcontextprotocol/protocolVersion'];
    if (typeof version !== 'string') return;
    const capabilities = meta['io.modelcontextprotocol/clientCapabilities'] as
      | { elicitation?: unknown }
      | undefined;
    this.#open(version, meta['io.modelcontextprotocol/clientInfo'], capabilities?.elicitation !== undefined);
  }

  #open(protocol: string | null, client: unknown, elicitation: boolean): void {
    if (this.#opened) return;
    this.#opened = true;
    const info = isRecord(client) ? { name: String(client.name), version: String(client.version) } : null;
    this.#line({ type: 'open', protocol, client: info, elicitation });
  }

  #frame(frame: string): void {
    if (this.#pending) this.#unwritten = frame;
    if (frame === this.#lastFrame || this.#castFd === undefined) return;
    this.#lastFrame = frame;
    this.#write(this.#castFd, castFrameLine(this.#seconds(), this.#redactor.text(keepOnlyStyles(frame))));
  }

  /** The cast's marker for call `seq`: its number, the name called and, for `act`, the action. */
  #marker(seq: number, tool: string, args: Record<string, unknown>): void {
    if (this.#castFd === undefined) return;
    const action =
      typeof args.widget === 'string' && typeof args.action === 'string'
        ? ` ${widgetActionName(args.widget, args.action)}`
        : '';
    this.#write(
      this.#castFd,
      castMarkerLine(this.#seconds(), clip(shownText(`#${seq} ${tool}${action}`), 200)),
    );
  }

  /** Every line of the recording is written here, through the one redaction. */
  #line(line: RecordingLine): void {
    if (this.#fd !== undefined) this.#write(this.#fd, `${JSON.stringify(this.#redactor.line(line))}\n`);
  }

  #write(fd: number, text: string): void {
    const written = this.#written.get(fd) ?? 0;
    const cap = this.#setup.maxBytes ?? MAX_RECORDING_BYTES;
    if (written + Buffer.byteLength(text) > cap) {
      this.#capped(fd, cap);
      return;
    }
    try {
      this.#written.set(fd, written + writeSync(fd, text));
    } catch (error) {
      // The disk is full, the file was removed with its folder: the app goes on, unrecorded.
      this.#ctx.logger.warn(
        `ink-mcp: stopped recording to ${JSON.stringify(this.#setup.file)}: ${errorText(error)}. The app goes on; what was answered before is in the file.`,
      );
      for (const open of [this.#fd, this.#castFd]) if (open !== undefined) closeSync(open);
      this.#fd = undefined;
      this.#castFd = undefined;
    }
  }

  /** A file at its cap: a last line that says so, a warning, and no more writes to it. */
  #capped(fd: number, cap: number): void {
    const mb = cap >= 1024 * 1024 ? `${Math.round(cap / 1024 / 1024)} MB` : `${Math.round(cap / 1024)} KB`;
    const cast = fd === this.#castFd;
    const note = cast
      ? `ink-mcp: this cast reached its ${mb} cap here; the screens after it were not recorded.`
      : `ink-mcp: this recording reached its ${mb} cap here; the calls after it were not recorded.`;
    try {
      writeSync(
        fd,
        cast
          ? castFrameLine(this.#seconds(), note)
          : `${JSON.stringify({ type: 'note', time: this.#seconds(), text: note })}\n`,
      );
    } catch {
      // The note is a courtesy: the warning below says it too.
    }
    closeSync(fd);
    if (cast) this.#castFd = undefined;
    else this.#fd = undefined;
    this.#ctx.logger.warn(
      `${note} (${JSON.stringify(cast ? `${this.#setup.file}.cast` : this.#setup.file)}) The app goes on.`,
    );
  }

  /**
   * The arguments as recorded: a sensitive tool's (its `act` arguments' `args`) all secret, and the
   * keys or text an agent types into a field that holds a secret. The rest is redacted by name when
   * the line is written.
   */
  #secretArguments(canonical: string, args: Record<string, unknown>): Record<string, unknown> {
    const redactor = this.#redactor;
    const act = typeof args.widget === 'string' && typeof args.action === 'string';
    if (this.#ctx.hub.registry.get(canonical)?.annotations.sensitive === true)
      return act
        ? { ...args, args: redactor.allSecret(args.args) }
        : (redactor.allSecret(args) as Record<string, unknown>);
    const sessionId = sessionOf(canonical);
    if (isTyping(canonical) && this.#typingIntoSecret(sessionId)) return this.#typedSecret(canonical, args);
    return args;
  }

  /**
   * Keys sent into a field that holds a secret: typed text is a secret (hidden wherever it shows up
   * later too); pressed keys are hidden here only (a key name such as `enter` is no secret to search
   * for, but the letters of a password pressed one by one are).
   */
  #typedSecret(canonical: string, args: Record<string, unknown>): Record<string, unknown> {
    if (canonical.endsWith('.keyboard.type'))
      return this.#redactor.allSecret(args) as Record<string, unknown>;
    const { keys } = args;
    return Array.isArray(keys) ? { ...args, keys: keys.map(() => REDACTED) } : args;
  }

  /** Whether the focused widget of a session holds a secret (it offers a sensitive action: a password field). */
  #typingIntoSecret(sessionId: string): boolean {
    const { hub } = this.#ctx;
    try {
      const tree = hub.session(sessionId)?.toolTree(true) ?? [];
      const focused = (tree as ViewNode[]).find((node) => node.type === FOCUS_NODE_TYPE)?.attrs.widget;
      if (typeof focused !== 'string') return false;
      return hub.registry
        .sessionTools(sessionId)
        .some((t) => t.widgetId === focused && t.annotations.sensitive === true);
    } catch {
      // Not knowing what has focus, the keys are written as sent (redacted by name and known values).
      return false;
    }
  }

  #seconds(): number {
    return (Date.now() - this.#start) / 1000;
  }
}

/** The dotted name a called one means: `<s>_act {widget, action}` is `<s>.<widget>.<action>`. */
function canonicalName(hub: Hub, called: string, args: Record<string, unknown>): string {
  const act = /^(.+)[._]act$/.exec(called)?.[1];
  if (act !== undefined && typeof args.widget === 'string' && typeof args.action === 'string')
    return toolName(act, args.widget, args.action);
  const names = hub.registry.list().map((tool) => tool.name);
  return (
    names.find((name) => name === called) ?? names.find((name) => underscored(name) === called) ?? called
  );
}

/** A built-in call that sends keys to whatever has focus. */
function isTyping(canonical: string): boolean {
  return /^[^.]+\.keyboard\.(type|press)$/.test(canonical);
}

function approves(answer: unknown): boolean {
  const result = answer as { action?: unknown; content?: { approve?: unknown } } | null;
  return result?.action === 'accept' && result.content?.approve === true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
