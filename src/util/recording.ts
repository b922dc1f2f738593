/**
 * The recording format (`ink-mcp --record <file>`): JSON Lines, written as the session goes. The
 * first line is the header; then an `open` line once the client's opening is answered, a `call` line
 * per `tools/call` answered, and an `end` line when the server stopped (a crash leaves none).
 */

export const RECORDING_VERSION = 1;

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
  return {
    ok: true,
    recording: {
      header,
      open: parsed.find((line): line is RecordedOpen => line.type === 'open'),
      calls: parsed.filter((line): line is RecordedCall => line.type === 'call'),
    },
  };
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
