/**
 * The recording format (`ink-mcp --record <file>`): JSON Lines, written as the session goes. The
 * first line is the header; then an `open` line once the client's opening is answered, a `call` line
 * per `tools/call` answered, and an `end` line when the server stopped (a crash leaves none).
 */

import { ENV } from './env-names.js';

export const RECORDING_VERSION = 1;

/**
 * The launcher's settings a recording's `launch.env` carries (the flags the app ran with), written by
 * the preload (src/register/serve.ts) and the only variables a replay or an exported test applies to
 * a command the user chose: each is checked by the launcher as its flag is, and none can run code.
 */
export const RECORDED_SETTINGS: readonly string[] = [
  ENV.session,
  ENV.columns,
  ENV.rows,
  ENV.builtinTools,
  ENV.surface,
  ENV.answerBlocks,
];

/** `env` split into the recorded settings a replay applies and the names of the rest, which it does not. */
export function recordedSettings(env: Readonly<Record<string, string>>): {
  kept: Record<string, string>;
  dropped: string[];
} {
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (RECORDED_SETTINGS.includes(name)) kept[name] = value;
    else dropped.push(name);
  }
  return { kept, dropped };
}

/** How to start the app again: a command, run under the preload (the launcher's way) or serving itself. */
export interface RecordedLaunch {
  /** `true`: a plain Ink app the preload serves (`ink-mcp -- <command>`); `false`: it serves itself (`renderMcp`). */
  preload: boolean;
  command: string[];
  /** The launcher's settings (`INK_MCP_SESSION`, `INK_MCP_COLUMNS`, …) the app ran with. */
  env: Record<string, string>;
}

export interface RecordingHeader {
  type: 'header';
  version: number;
  launch: RecordedLaunch;
  cwd: string;
  /** The first app's session id. */
  session: string;
  columns: number;
  rows: number;
  /** When the recording started (ISO 8601). */
  time: string;
}

export interface RecordedOpen {
  type: 'open';
  /** The protocol version the opening settled on. */
  protocol: string | null;
  client: { name: string; version: string } | null;
  /** Whether the client could answer consent questions (MCP form elicitation). */
  elicitation: boolean;
}

/** A question the server asked the client during a call (a person's consent), and its answer. */
export interface RecordedQuestion {
  method: string;
  message: string | null;
  /** The client's answer (`{action, content}`), or its error. */
  answer: unknown;
}

export interface RecordedCall {
  type: 'call';
  /** 1 for the first call. */
  seq: number;
  /** When it was asked, in seconds since the recording started. */
  time: number;
  /** How long it took to answer. */
  ms: number;
  /** The name the client called. */
  tool: string;
  /** The dotted `session.widget.action` it means. */
  canonical: string;
  arguments: Record<string, unknown>;
  /** The JSON-RPC result (`content`, `isError`, …), or `{ error }` for a protocol error. */
  answer: RecordedAnswer;
  /** The session's screen right after the answer, as its `ink://<session>/screen` resource reads. */
  screen: string | null;
  /** Present when the call asked for consent: whether it was given. */
  approved?: boolean;
  /**
   * Who was asked, when the call asked for consent: the client's user (elicitation, `questions`)
   * or the person watching the session (`ink-mcp watch`).
   */
  askedOf?: 'client' | 'person';
  questions?: RecordedQuestion[];
}

export type RecordedAnswer =
  | { content?: unknown[]; isError?: boolean; structuredContent?: unknown; [key: string]: unknown }
  | { error: { code: number; message: string } };

export interface RecordedEnd {
  type: 'end';
  time: number;
}

export type RecordingLine = RecordingHeader | RecordedOpen | RecordedCall | RecordedEnd;

export interface Recording {
  header: RecordingHeader;
  open: RecordedOpen | undefined;
  calls: RecordedCall[];
}

export type RecordingError = { code: 'not_a_recording' | 'bad_line'; message: string };

/** A recording's text → its lines, or an error naming the line that is wrong (a torn last line is dropped). */
export function parseRecording(
  text: string,
  file = 'the recording',
): { ok: true; recording: Recording } | ({ ok: false } & RecordingError) {
  const lines = text.split('\n');
  // Every whole line ends with a newline: what follows the last one is empty, or a line a crash tore
  // while it was written, which is not an error.
  lines.pop();
  const parsed: RecordingLine[] = [];
  for (const [index, line] of lines.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return {
        ok: false,
        code: 'bad_line',
        message: `ink-mcp: line ${index + 1} of ${file} is not JSON. Record the session again, or remove that line.`,
      };
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (typeof value !== 'object' || value === null || typeof type !== 'string')
      return {
        ok: false,
        code: 'bad_line',
        message: `ink-mcp: line ${index + 1} of ${file} has no "type". Record the session again, or remove that line.`,
      };
    parsed.push(value as RecordingLine);
  }
  const header = parsed[0];
  if (header?.type !== 'header' || header.version !== RECORDING_VERSION)
    return {
      ok: false,
      code: 'not_a_recording',
      message: `ink-mcp: ${file} is not an ink-mcp recording (version ${RECORDING_VERSION}): its first line must be {"type":"header","version":${RECORDING_VERSION},…}. Make one with ink-mcp --record <file> -- <command…>.`,
    };
  // Each field as the replay and the exported test will read it: a crafted or damaged line is
  // refused here, in one sentence, not met later as a stack trace.
  for (const [index, line] of parsed.entries()) {
    const wrong = wrongField(line as unknown as { type: string } & Record<string, unknown>);
    if (wrong !== undefined)
      return {
        ok: false,
        code: 'bad_line',
        message: `ink-mcp: line ${index + 1} of ${file}: ${wrong}. Record the session again, or fix that line.`,
      };
  }
  return {
    ok: true,
    recording: {
      header,
      open: parsed.find((line): line is RecordedOpen => line.type === 'open'),
      calls: parsed.filter((line): line is RecordedCall => line.type === 'call'),
    },
  };
}

/** What a value is, in a refusal: `null`, `a number`, `an array`, … */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'missing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A field by its path from the line (`['launch', 'command']`), its test, and what it must be, in words. */
type Check = [path: readonly string[], ok: (value: unknown) => boolean, wanted: string];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown) => typeof v === 'boolean';
const stringOrNull = (v: unknown) => v === null || typeof v === 'string';
const optional = (ok: (v: unknown) => boolean) => (v: unknown) => v === undefined || ok(v);
const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isString);
const stringRecord = (v: unknown) => isObject(v) && Object.values(v).every(isString);

/** The fields each line type carries, as the replay and the exported test read them. */
const FIELDS: Record<string, Check[]> = {
  header: [
    [['launch'], isObject, 'an object'],
    [['launch', 'preload'], isBoolean, 'true or false'],
    [['launch', 'command'], strings, 'a non-empty array of strings'],
    [['launch', 'env'], stringRecord, 'an object of strings'],
    [['cwd'], isString, 'a string'],
    [['session'], isString, 'a string'],
    [['columns'], isNumber, 'a number'],
    [['rows'], isNumber, 'a number'],
    [['time'], isString, 'a string'],
  ],
  open: [
    [['protocol'], stringOrNull, 'a string or null'],
    [
      ['client'],
      (v) => v === null || (isObject(v) && isString(v.name) && isString(v.version)),
      '{name, version} strings, or null',
    ],
    [['elicitation'], isBoolean, 'true or false'],
  ],
  call: [
    [['seq'], isNumber, 'a number'],
    [['time'], isNumber, 'a number'],
    [['ms'], isNumber, 'a number'],
    [['tool'], isString, 'a string'],
    [['canonical'], isString, 'a string'],
    [['arguments'], isObject, 'an object'],
    [['answer'], isObject, 'an object'],
    [
      ['answer', 'error'],
      optional((v) => isObject(v) && isNumber(v.code) && isString(v.message)),
      '{code, message}',
    ],
    [['answer', 'content'], optional((v) => Array.isArray(v) && v.every(isObject)), 'an array of objects'],
    [['answer', 'isError'], optional(isBoolean), 'true or false'],
    [['screen'], stringOrNull, 'a string or null'],
    [['approved'], optional(isBoolean), 'true or false'],
    [
      ['questions'],
      optional(
        (v) =>
          Array.isArray(v) && v.every((q) => isObject(q) && isString(q.method) && stringOrNull(q.message)),
      ),
      'an array of {method, message, answer}',
    ],
  ],
  end: [[['time'], isNumber, 'a number']],
};

/** The first field of a line that is not of the type its line type says, worded; undefined when none. */
function wrongField(line: { type: string } & Record<string, unknown>): string | undefined {
  for (const [path, ok, wanted] of FIELDS[line.type] ?? []) {
    let value: unknown = line;
    for (const key of path) value = isObject(value) ? value[key] : undefined;
    if (!ok(value))
      return `"${path.join('.')}" of its ${line.type} line must be ${wanted}, not ${kind(value)}`;
  }
  return undefined;
}

/**
 * An answer as text to compare: its text blocks, one after another, under `[error]` when it is an
 * error result, or the protocol error's message.
 */
export function answerText(answer: RecordedAnswer): string {
  if ('error' in answer && answer.error) {
    const { code, message } = answer.error as { code: number; message: string };
    return `[protocol error ${code}] ${message}`;
  }
  const result = answer as Exclude<RecordedAnswer, { error: unknown }>;
  const texts = (result.content ?? []).map((block) => {
    const b = block as { type?: unknown; text?: unknown };
    return b.type === 'text' && typeof b.text === 'string' ? b.text : `[${String(b.type)} block]`;
  });
  return `${result.isError ? '[error]\n' : ''}${texts.join('\n')}`;
}
