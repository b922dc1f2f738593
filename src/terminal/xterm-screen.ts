import xterm from '@xterm/headless';
import { Subscribable } from '../util/subscribable.js';

/** What a terminal session needs of the app's screen (xterm-screen.ts keeps it). */
export interface TerminalScreen {
  /** The terminal's size, what the app was told it is. */
  readonly columns: number;
  readonly rows: number;
  /** Bytes the app wrote to its terminal. */
  write(data: string | Uint8Array): void;
  /** The rows a person sees now, as plain text (trailing blanks and blank rows at the bottom dropped). */
  text(): string;
  /** The same rows with their colours and styles, as SGR escape sequences (what `screen.read {styles}` reads). */
  styled(): string;
  /**
   * Where the cursor is on the rows text() shows (1-based), or undefined while the app hides it
   * (DECTCEM, `CSI ? 25 l`: Ink apps do, a shell or a readline prompt does not).
   */
  cursor(): TerminalCursor | undefined;
  /** Called after each write has been parsed into the screen. */
  onChange(listener: () => void): () => void;
  /** Resolves once everything written so far is on the screen. */
  parsed(): Promise<void>;
  /**
   * Resolves when the app has answered what it was just sent: output came and then stopped for
   * `quietMs`; or none came within `firstMs`; or `maxMs` passed (an app that animates never stops).
   */
  answered(timing?: Partial<AnswerTiming> & { sinceStart?: boolean }): Promise<void>;
  /**
   * Resolves when a key may be sent: at once, unless the screen switched (a new view, a dialog)
   * less than `SWITCH_QUIET_MS` ago; then once it has been quiet that long (at most `maxMs` of
   * KEY_TIMING, for an app that animates). An app that has just drawn a new view may not listen yet
   * (a handler it attaches after drawing): a person does not type into a dialog within a blink of
   * its appearing either.
   */
  keyReady(): Promise<void>;
  dispose(): void;
}

export interface TerminalCursor {
  row: number;
  column: number;
}

export interface AnswerTiming {
  firstMs: number;
  quietMs: number;
  maxMs: number;
}

/**
 * After a key: a terminal tells nothing of when the app has handled it, only what it writes. Ink
 * draws at most every 32 ms (its render throttle) and at once after a quiet spell, so a key that
 * changes the screen shows within a few milliseconds; these bounds leave room for a loaded machine.
 */
export const KEY_TIMING: AnswerTiming = { firstMs: 250, quietMs: 40, maxMs: 1_500 };

/**
 * After the screen switched, how long it must have been quiet before the next key is sent.
 * Measured (issue #41): a dialog that appeared ~60 ms before the next key lost it in 3 of 5 runs,
 * for a person in tmux as for an agent; with 300 ms it always worked.
 */
export const SWITCH_QUIET_MS = 200;

/** How many rows must change at once for the screen to have switched (not a key echoed, a spinner). */
const SWITCH_ROWS = 3;

export interface XtermScreenOptions {
  columns: number;
  rows: number;
  /**
   * A line feed also returns the cursor to the line's start, as a terminal's driver does for
   * output (ONLCR). True where no driver sits between the app and the screen (an in-process pair);
   * a pseudo-terminal already does it.
   */
  convertEol: boolean;
  /** Where the terminal's own replies go (a cursor-position report, device attributes): the app's input. */
  reply?: (data: string) => void;
}

/**
 * The screen of a program's output, kept by @xterm/headless (the terminal emulator of VS Code,
 * without a display): what a person would see in a terminal of that size. Used when ink-mcp cannot
 * reach the app's Ink and only its bytes are there to read.
 */
export function createXtermScreen(options: XtermScreenOptions): TerminalScreen {
  const { columns, rows } = options;
  const terminal = new xterm.Terminal({
    cols: columns,
    rows,
    scrollback: 1_000,
    convertEol: options.convertEol,
    allowProposedApi: true,
  });
  const reply = options.reply;
  const replies = reply ? terminal.onData((data) => reply(data)) : undefined;
  // Whether the cursor is shown: @xterm/headless keeps it, but not in its public API. Seen here as
  // the sequences go by (returning false lets xterm handle them too). A reset (RIS) shows it again.
  let cursorShown = true;
  const showCursor = (shown: boolean) => (params: (number | number[])[]) => {
    if (params.includes(25)) cursorShown = shown;
    return false;
  };
  const cursorHandlers = [
    terminal.parser.registerCsiHandler({ prefix: '?', final: 'h' }, showCursor(true)),
    terminal.parser.registerCsiHandler({ prefix: '?', final: 'l' }, showCursor(false)),
    terminal.parser.registerEscHandler({ final: 'c' }, () => {
      cursorShown = true;
      return false;
    }),
  ];
  const changed = new Subscribable<void>();
  /** Told of every write as it arrives (before it is parsed). */
  const written = new Subscribable<void>();
  /** Writes not yet parsed, and when the last output arrived. */
  let pending = 0;
  let lastOutput = 0;
  let outputs = 0;
  let waiters: (() => void)[] = [];
  let disposed = false;
  /** The rows as last parsed, and when they last changed by SWITCH_ROWS or more at once. */
  let lastRows: string[] = [];
  let lastSwitch = Number.NEGATIVE_INFINITY;

  const text = (): string => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    // The bottom screen (baseY), as a terminal shows it once output scrolled.
    for (let y = 0; y < terminal.rows; y++)
      lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '');
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  };

  const styled = (): string => {
    const buffer = terminal.buffer.active;
    const cell = buffer.getNullCell();
    const lines: string[] = [];
    for (let y = 0; y < terminal.rows; y++) {
      const line = buffer.getLine(buffer.baseY + y);
      let out = '';
      let open = '';
      let pendingBlank = '';
      for (let x = 0; line && x < line.length; x++) {
        line.getCell(x, cell);
        if (cell.getWidth() === 0) continue; // the second half of a wide character
        const sgr = cellSgr(cell);
        const chars = cell.getChars() || ' ';
        // Blanks in the default style at a line's end are dropped, as text() drops them.
        if (sgr === '' && chars === ' ') {
          pendingBlank += ' ';
          continue;
        }
        if (sgr !== open) {
          if (open !== '') out += '\u001B[0m';
          out += pendingBlank;
          pendingBlank = '';
          if (sgr !== '') out += `\u001B[${sgr}m`;
          open = sgr;
        } else {
          out += pendingBlank;
          pendingBlank = '';
        }
        out += chars;
      }
      if (open !== '') out += '\u001B[0m';
      lines.push(out);
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  };

  const parsed = (): Promise<void> =>
    pending === 0 || disposed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiters.push(resolve);
        });

  return {
    columns,
    rows,
    write(data) {
      if (disposed) return;
      pending++;
      outputs++;
      lastOutput = performance.now();
      written.emit();
      terminal.write(data, () => {
        pending--;
        if (pending === 0) {
          const rows = text().split('\n');
          let differ = Math.abs(rows.length - lastRows.length);
          for (let y = 0; y < Math.min(rows.length, lastRows.length); y++)
            if (rows[y] !== lastRows[y]) differ++;
          if (differ >= SWITCH_ROWS) lastSwitch = performance.now();
          lastRows = rows;
        }
        changed.emit();
        if (pending === 0) {
          const woken = waiters;
          waiters = [];
          for (const wake of woken) wake();
        }
      });
    },
    text,
    styled,
    cursor() {
      if (!cursorShown || disposed) return undefined;
      const buffer = terminal.buffer.active;
      // cursorY counts from baseY, as text() does; a cursor past the last column (after a full
      // line, before the wrap) is on that column.
      return { row: buffer.cursorY + 1, column: Math.min(buffer.cursorX, columns - 1) + 1 };
    },
    onChange: (listener) => changed.subscribe(listener),
    parsed,
    answered(timing = {}) {
      const { firstMs, quietMs, maxMs } = { ...KEY_TIMING, ...timing };
      // `sinceStart`: output so far counts (the first screen), not only what comes after now.
      const came = timing.sinceStart === true && outputs > 0;
      return new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const finish = () => {
          clearTimeout(timer);
          clearTimeout(cap);
          off();
          void parsed().then(resolve);
        };
        // Unref'd: waiting on the app must not keep its process alive (in-process, an app that exits
        // on a key lets its event loop run dry, which is how its end is seen: serve-bundle.ts).
        const cap = setTimeout(finish, maxMs).unref();
        const arm = (ms: number) => {
          clearTimeout(timer);
          timer = setTimeout(finish, ms).unref();
        };
        // Each write starts the quiet spell again; none at all ends the wait at `firstMs`.
        const off = written.subscribe(() => arm(quietMs));
        arm(came ? Math.max(0, quietMs - (performance.now() - lastOutput)) : firstMs);
        if (disposed) finish();
      });
    },
    keyReady() {
      const since = performance.now() - lastSwitch;
      if (since >= SWITCH_QUIET_MS || disposed) return Promise.resolve();
      return this.answered({ firstMs: SWITCH_QUIET_MS - since, quietMs: SWITCH_QUIET_MS, sinceStart: true });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      replies?.dispose();
      for (const handler of cursorHandlers) handler.dispose();
      changed.clear();
      written.clear();
      for (const wake of waiters) wake();
      waiters = [];
      terminal.dispose();
    },
  };
}

type Cell = ReturnType<xterm.IBuffer['getNullCell']>;

/** The SGR parameters of a cell's style ('' for the terminal's default). */
function cellSgr(cell: Cell): string {
  const codes: string[] = [];
  if (cell.isBold()) codes.push('1');
  if (cell.isDim()) codes.push('2');
  if (cell.isItalic()) codes.push('3');
  if (cell.isUnderline()) codes.push('4');
  if (cell.isInverse()) codes.push('7');
  if (cell.isInvisible()) codes.push('8');
  if (cell.isStrikethrough()) codes.push('9');
  const fg = colourSgr(cell.isFgRGB(), cell.isFgPalette(), cell.getFgColor(), 30);
  const bg = colourSgr(cell.isBgRGB(), cell.isBgPalette(), cell.getBgColor(), 40);
  if (fg) codes.push(fg);
  if (bg) codes.push(bg);
  return codes.join(';');
}

/** A colour as SGR: the 16 palette colours by their own codes, 256-palette and RGB in the extended forms. */
function colourSgr(rgb: boolean, palette: boolean, colour: number, base: 30 | 40): string | undefined {
  if (rgb) return `${base + 8};2;${(colour >> 16) & 255};${(colour >> 8) & 255};${colour & 255}`;
  if (!palette) return undefined;
  if (colour < 8) return String(base + colour);
  if (colour < 16) return String(base + 60 + colour - 8);
  return `${base + 8};5;${colour}`;
}
