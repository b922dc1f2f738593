import { EventEmitter } from 'node:events';
import type { RenderOptions } from 'ink';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';
import { stripEscapes } from '../walker/clean-text.js';

/** A frame as a person would read it: escapes removed (the one stripper, src/walker/clean-text.ts). */
export const stripAnsi: (text: string) => string = stripEscapes;

type WriteCallback = (error?: Error | null) => void;

/**
 * Ink's stdout, in memory: keeps the last frame (Ink in debug mode writes each frame whole), under
 * the text the app wrote itself (`useStdout().write`), as a terminal shows it.
 */
export class MemoryStdout extends EventEmitter {
  readonly columns: number;
  readonly rows: number;
  /** The last frame Ink rendered. */
  #frame: string | undefined;
  /**
   * The app's own text, which a terminal keeps above the frame (in debug mode Ink writes it only
   * once): its last `rows` lines, the most that can still be in view. Shown above the whole frame,
   * <Static> output included, so an app with both sees them in that order, not interleaved.
   */
  #above = '';
  /**
   * Which writes are frames: Ink 6 calls `onRender` just before it writes one, Ink 8 just after,
   * in the same synchronous step. The order shows at the first call (whether a write came first);
   * until then every write is a frame.
   */
  #order: 'render-first' | 'write-first' | undefined;
  #frameNext = false;
  /** Ink 8: the last write, a frame if `onRender` follows it at once, else the app's text. */
  #unclaimed: string | undefined;
  #wrote = false;
  /** Frames Ink rendered (the app's own text is not one). */
  frameCount = 0;

  constructor(columns: number, rows: number) {
    super();
    this.columns = columns;
    this.rows = rows;
  }

  /**
   * Like a stream's `write(chunk, encoding?, callback?)`. The callback matters: Ink 8 settles
   * `waitUntilExit()` and `waitUntilRenderFlush()` in the callback of an empty write, so a write
   * that drops it leaves both pending forever.
   */
  write = (
    chunk: string | Uint8Array,
    encodingOrCallback?: BufferEncoding | WriteCallback,
    callback?: WriteCallback,
  ): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    // Not frames: the empty barrier write, and the line break Ink 8 ends a debug-mode session with
    // (`unmount` writes '\n' when stdout is not a TTY: node_modules/ink/build/ink.js), which would
    // otherwise blank the last screen of an app that exited.
    if (!/^\n*$/.test(text)) {
      this.#wrote = true;
      if (this.#order === undefined || this.#frameNext) this.#setFrame(text);
      else if (this.#order === 'render-first') this.#written(text);
      else {
        this.#unclaimed = text;
        queueMicrotask(() => {
          if (this.#unclaimed === text) this.#written(text);
          this.#unclaimed = undefined;
        });
      }
      this.#frameNext = false;
    }
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    // A stream calls back after the write, never inside it.
    if (done) process.nextTick(done, null);
    return true;
  };

  /** Ink's `onRender` (see `#order`). */
  rendered = (): void => {
    this.#order ??= this.#wrote ? 'write-first' : 'render-first';
    if (this.#order === 'render-first') this.#frameNext = true;
    else if (this.#unclaimed !== undefined) {
      this.#setFrame(this.#unclaimed);
      this.#unclaimed = undefined;
    }
  };

  lastFrame(): string | undefined {
    this.#settleUnclaimed();
    return this.#frame === undefined ? undefined : this.#above + this.#frame;
  }

  /**
   * Text that shows above the frame without passing through Ink (the app's console output, which
   * Ink's debug mode does not take over): kept with the app's own text, in the order written.
   */
  log = (text: string): void => {
    if (text === '') return;
    // Written in a step of its own: a write still unclaimed is not a frame (see `#order`).
    this.#settleUnclaimed();
    this.#keepAbove(text);
  };

  #settleUnclaimed(): void {
    if (this.#unclaimed !== undefined) this.#written(this.#unclaimed);
    this.#unclaimed = undefined;
  }

  #setFrame(text: string): void {
    this.#frame = text;
    this.frameCount++;
  }

  /**
   * The app's own text: Ink writes it followed by its static output and its last frame (Ink 8), or
   * by its static output only (Ink 6, whose debug mode does not keep the last frame: the screen
   * lost the app until its next render). That static output begins the frame and is whole lines;
   * it is dropped here, the frame being shown anyway.
   */
  #written(text: string): void {
    const frame = this.#frame ?? '';
    let data = text;
    if (this.#order === 'write-first') {
      if (text.endsWith(frame)) data = text.slice(0, text.length - frame.length);
    } else {
      for (let kept = Math.min(text.length, frame.length); kept > 1; kept--) {
        if (frame[kept - 1] !== '\n' || !text.endsWith(frame.slice(0, kept))) continue;
        data = text.slice(0, text.length - kept);
        break;
      }
    }
    this.#keepAbove(data);
  }

  #keepAbove(data: string): void {
    const lines = (this.#above + data).split('\n');
    this.#above = lines.slice(-this.rows - 1).join('\n');
  }
}

/**
 * Ink's stdin, in memory: `write` types keys as a person would. It claims to be a TTY so that
 * `useInput` works; raw mode and ref counting are no-ops (there is no real terminal to switch).
 */
export class MemoryStdin extends EventEmitter {
  readonly isTTY = true;
  readonly #chunks: string[] = [];

  write = (data: string): void => {
    this.#chunks.push(data);
    this.emit('readable');
    this.emit('data', data);
  };

  read = (): string | null => this.#chunks.shift() ?? null;
  setEncoding(): this {
    return this;
  }
  setRawMode(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

export interface MemoryTerminal {
  stdout: MemoryStdout;
  stderr: MemoryStdout;
  stdin: MemoryStdin;
  /** The last frame as plain text (no escapes, no trailing blank lines). */
  screen(): string;
  /** The last frame as Ink wrote it, with its escape sequences (its colours and styles). */
  styledScreen(): string;
  /** Ink's render options for this terminal (debug mode: every frame written whole). */
  inkOptions(): RenderOptions;
}

/** An in-memory terminal for headless rendering. @default 100 columns × 30 rows */
export function createMemoryTerminal(
  columns: number = DEFAULT_TERMINAL_SIZE.columns,
  rows: number = DEFAULT_TERMINAL_SIZE.rows,
): MemoryTerminal {
  const stdout = new MemoryStdout(columns, rows);
  return {
    stdout,
    stderr: new MemoryStdout(columns, rows),
    stdin: new MemoryStdin(),
    screen: () => stripAnsi(stdout.lastFrame() ?? '').replace(/\s+$/, ''),
    styledScreen: () => stdout.lastFrame() ?? '',
    inkOptions() {
      return {
        stdout: this.stdout as unknown as NodeJS.WriteStream,
        stderr: this.stderr as unknown as NodeJS.WriteStream,
        stdin: this.stdin as unknown as NodeJS.ReadStream,
        debug: true,
        onRender: this.stdout.rendered,
        exitOnCtrlC: false,
        patchConsole: false,
      };
    },
  };
}
