import { EventEmitter } from 'node:events';
import type { RenderOptions } from 'ink';
import { stripEscapes } from '../walker/clean-text.js';

/** A frame as a person would read it: escapes removed (the one stripper, src/walker/clean-text.ts). */
export const stripAnsi: (text: string) => string = stripEscapes;

type WriteCallback = (error?: Error | null) => void;

/** Ink's stdout, in memory: keeps the last frame (Ink in debug mode writes each frame whole). */
export class MemoryStdout extends EventEmitter {
  readonly columns: number;
  readonly rows: number;
  #lastFrame: string | undefined;
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
      this.#lastFrame = text;
      this.frameCount++;
    }
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    // A stream calls back after the write, never inside it.
    if (done) process.nextTick(done, null);
    return true;
  };

  lastFrame(): string | undefined {
    return this.#lastFrame;
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
  /** Ink's render options for this terminal (debug mode: every frame written whole). */
  inkOptions(): RenderOptions;
}

/** An in-memory terminal for headless rendering. @default 100 columns × 30 rows */
export function createMemoryTerminal(columns = 100, rows = 30): MemoryTerminal {
  const stdout = new MemoryStdout(columns, rows);
  return {
    stdout,
    stderr: new MemoryStdout(columns, rows),
    stdin: new MemoryStdin(),
    screen: () => stripAnsi(stdout.lastFrame() ?? '').replace(/\s+$/, ''),
    inkOptions() {
      return {
        stdout: this.stdout as unknown as NodeJS.WriteStream,
        stderr: this.stderr as unknown as NodeJS.WriteStream,
        stdin: this.stdin as unknown as NodeJS.ReadStream,
        debug: true,
        exitOnCtrlC: false,
        patchConsole: false,
      };
    },
  };
}
