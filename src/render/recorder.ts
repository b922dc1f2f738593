import { closeSync, openSync, writeSync } from 'node:fs';
import type { Transport } from '@modelcontextprotocol/server';
import type { MemoryTerminal } from '../react/memory-terminal.js';
import { viewText } from '../screen/screen-view.js';
import type { Hub } from '../session/hub.js';
import { castFrameLine, castHeaderLine } from '../util/asciicast.js';
import type { Logger } from '../util/logger.js';
import {
  RECORDING_VERSION,
  type RecordedAnswer,
  type RecordedCall,
  type RecordedLaunch,
  type RecordedQuestion,
  type RecordingLine,
} from '../util/recording.js';
import { type IsSecret, REDACTED, type SecretNames, secretNameTest } from '../util/secret-names.js';
import { errorText } from '../util/text.js';
import { sessionOf, toolName, underscored } from '../walker/tool-name.js';
import { tapTransport } from './tap-transport.js';

/** What to record and how the app is started again (replay, exported tests). */
export interface RecordSetup {
  /** The JSON Lines file; the screen goes to `<file>.cast` (asciicast v2). */
  file: string;
  launch: RecordedLaunch;
  /** @default process.cwd() */
  cwd?: string;
  /** Open the files at the first message the server gets (the preload: `Recorder.deferred`). @default false */
  deferred?: boolean;
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
 * Props and arguments whose names look secret are written `[redacted]`, as the tree resource shows them.
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
  readonly #isSecret: IsSecret;
  readonly #calls = new Map<Id, OpenCall>();
  readonly #questions = new Map<Id, { call: OpenCall; question: RecordedQuestion }>();
  #initialize: { id: Id; client: unknown; elicitation: boolean } | undefined;
  #opened = false;
  #seq = 0;
  #lastFrame: string | undefined;
  #frameSoon: NodeJS.Immediate | undefined;
  readonly #unwatch: (() => void)[] = [];

  private constructor(ctx: RecorderContext, setup: RecordSetup, pending: boolean) {
    this.#ctx = ctx;
    this.#setup = setup;
    this.#pending = pending;
    this.#isSecret = secretNameTest(ctx.secrets);
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
    try {
      this.#fd = openSync(file, 'w');
      this.#castFd = openSync(`${file}.cast`, 'w');
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
      writeSync(this.#fd, `${JSON.stringify(header)}\n`);
      const title = `ink-mcp: ${launch.command.join(' ')}`;
      const timestamp = Math.floor(this.#start / 1000);
      const env = { TERM: 'xterm-256color' };
      writeSync(
        this.#castFd,
        castHeaderLine({ version: 2, width: columns, height: rows, timestamp, env, title }),
      );
    } catch (error) {
      for (const fd of [this.#fd, this.#castFd]) if (fd !== undefined) closeSync(fd);
      this.#fd = undefined;
      this.#castFd = undefined;
      return {
        code: 'record_failed',
        message: `ink-mcp: cannot record to ${JSON.stringify(file)}: ${errorText(error)}. Give a file in a folder that exists and you can write.`,
      };
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
    this.#calls.set(id, {
      seq: ++this.#seq,
      at: Date.now(),
      tool,
      canonical: canonicalName(this.#ctx.hub, tool, args),
      arguments: this.#redact(args) as Record<string, unknown>,
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
        ? (this.#redactAnswer(message.result as Record<string, unknown>) as RecordedAnswer)
        : { error: (message as { error: { code: number; message: string } }).error };
    const session = this.#ctx.hub.session(sessionOf(call.canonical));
    const view = session?.screenView();
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
      line.questions = call.questions;
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
    this.#write(this.#castFd, castFrameLine(this.#seconds(), frame));
  }

  #line(line: RecordingLine): void {
    if (this.#fd !== undefined) this.#write(this.#fd, `${JSON.stringify(line)}\n`);
  }

  #write(fd: number, text: string): void {
    try {
      writeSync(fd, text);
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

  #seconds(): number {
    return (Date.now() - this.#start) / 1000;
  }

  /**
   * Values under names that look secret (deep), written `[redacted]`; inside JSON text too (the
   * stable surface's `act` takes the action's arguments as JSON text).
   */
  #redact(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#redact(item));
    if (typeof value === 'string' && value.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return value;
      }
      const redacted = this.#redact(parsed);
      return JSON.stringify(redacted) === JSON.stringify(parsed) ? value : JSON.stringify(redacted);
    }
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        this.#isSecret(key, item) ? REDACTED : this.#redact(item),
      ]),
    );
  }

  /** An answer's structured content is redacted; its text is what the model read, kept as it was. */
  #redactAnswer(result: Record<string, unknown>): Record<string, unknown> {
    return 'structuredContent' in result
      ? { ...result, structuredContent: this.#redact(result.structuredContent) }
      : result;
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

function approves(answer: unknown): boolean {
  const result = answer as { action?: unknown; content?: { approve?: unknown } } | null;
  return result?.action === 'accept' && result.content?.approve === true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
