/**
 * asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a JSON header line, then one
 * `[seconds, "o", data]` line per output. The recorder writes each screen as a whole frame (clear,
 * home, the frame's lines), so `asciinema play <file>.cast` shows the session screen by screen, and
 * a `[seconds, "m", label]` marker per call, so a player can jump from call to call.
 */

export interface CastHeader {
  version: 2;
  width: number;
  height: number;
  /** Unix time of the start, in seconds. */
  timestamp: number;
  env?: Record<string, string>;
  title?: string;
}

export type CastEvent = [seconds: number, kind: 'o' | 'i' | 'm' | 'r', data: string];

export function castHeaderLine(header: CastHeader): string {
  return `${JSON.stringify(header)}\n`;
}

/** A screen as one output event that replaces what was shown: clear, home, then its lines. */
export function castFrameLine(seconds: number, frame: string): string {
  const data = `\u001b[H\u001b[2J\u001b[3J${frame.replace(/\r?\n/g, '\r\n')}`;
  const event: CastEvent = [Math.round(seconds * 1e6) / 1e6, 'o', data];
  return `${JSON.stringify(event)}\n`;
}

/**
 * A marker (`"m"` event, asciicast v2): a named point a player can jump to. The recorder writes one
 * as each call is asked, named after the call (`#3 todo_act todos.add_item`).
 */
export function castMarkerLine(seconds: number, label: string): string {
  const event: CastEvent = [Math.round(seconds * 1e6) / 1e6, 'm', label];
  return `${JSON.stringify(event)}\n`;
}

export type CastError = { code: 'not_a_cast'; message: string };

/** An asciicast v2 file's text → its header and events (a torn last line is dropped). */
export function parseCast(
  text: string,
): { ok: true; header: CastHeader; events: CastEvent[] } | ({ ok: false } & CastError) {
  const lines = text.split('\n');
  lines.pop();
  const fail = (why: string) =>
    ({ ok: false, code: 'not_a_cast', message: `ink-mcp: not an asciicast v2 file: ${why}.` }) as const;
  let header: CastHeader;
  try {
    header = JSON.parse(lines[0] ?? '') as CastHeader;
  } catch {
    return fail('its first line is not a JSON header');
  }
  if (header?.version !== 2 || !(header.width > 0) || !(header.height > 0))
    return fail('its header has no version 2, width and height');
  const events: CastEvent[] = [];
  for (const [index, line] of lines.slice(1).entries()) {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      return fail(`line ${index + 2} is not JSON`);
    }
    if (
      !Array.isArray(event) ||
      typeof event[0] !== 'number' ||
      typeof event[1] !== 'string' ||
      typeof event[2] !== 'string'
    )
      return fail(`line ${index + 2} is not a [time, code, data] event`);
    events.push(event as CastEvent);
  }
  return { ok: true, header, events };
}
