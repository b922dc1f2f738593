import { Readable } from 'node:stream';

/**
 * The terminal a Node app sees under the launcher, made of the process's own streams, for an app
 * whose Ink ink-mcp cannot hook by module (a bundle carries Ink inside its own code): `process.stdin`
 * becomes an input that says it is a TTY and takes keys from ink-mcp alone, and what the app writes
 * to `process.stdout` is watched. Whether the app draws a terminal UI is known from what it does: it
 * switches raw mode on (Ink's `useInput`), or writes cursor or screen controls. Until ink-mcp takes
 * the screen (`take`), what is written still goes where it went (the launcher's stderr) and the last
 * of it is kept, to draw the first screen from. An app that writes a prompt and reads stdin (readline,
 * `on('data')`) is waiting for a person too.
 */
export interface TerminalPair {
  /** Bytes to the app, as keys a person types. */
  send(data: string): void;
  /** Called once, the first time the app behaves as a terminal UI. */
  onInteractive(listener: () => void): void;
  /**
   * From now on what the app writes to stdout goes to `screen` alone (the launcher's stderr no longer
   * gets its frames); what it wrote before is given to `screen` first.
   */
  take(screen: (data: string | Uint8Array) => void): void;
  /** Ink was hooked by module: output is no longer watched or kept (stdin stays the terminal's). */
  dismiss(): void;
}

/** Output kept before ink-mcp takes the screen: the app's first frames, not a log. */
const KEPT_BYTES = 256 * 1024;

/**
 * Escape sequences only an app that draws on a terminal writes: cursor moves and visibility,
 * erasing, the alternate screen, synchronized output (Ink writes `?2026h` around each frame, and
 * erases lines to redraw).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: reading terminal escapes is the point.
const DRAWS = /\u001B\[(\d*[ABCDGHJK]|\?(25|1049|2026)[hl]|\d+;\d+H)/;

export function installTerminalPair(): TerminalPair {
  let interactive: (() => void) | undefined;
  let heard = false;
  const interactiveNow = () => {
    if (heard) return;
    heard = true;
    interactive?.();
  };
  // Reading stdin after writing something (a prompt) is waiting for a person as well, raw or not; a
  // wrapper (npx, tsx) writes nothing of its own before its child does.
  let wrote = false;
  let read = false;
  const input = new TtyInput(interactiveNow, () => {
    read = true;
    if (wrote) interactiveNow();
  });
  Object.defineProperty(process, 'stdin', {
    value: input,
    configurable: true,
    writable: true,
    enumerable: true,
  });

  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (chunk: unknown, ...rest: unknown[]) => boolean;
  let kept: (string | Uint8Array)[] = [];
  let keptBytes = 0;
  let screen: ((data: string | Uint8Array) => void) | undefined;
  let watching = true;
  stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!watching) return write(chunk, ...rest);
    const data = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : String(chunk);
    if (screen) {
      screen(data);
      // As a stream's write: the callback (the last function argument) runs once it is taken.
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    }
    if (
      !heard &&
      (read || DRAWS.test(typeof data === 'string' ? data : Buffer.from(data).toString('latin1')))
    )
      interactiveNow();
    wrote = true;
    kept.push(data);
    keptBytes += data.length;
    while (keptBytes > KEPT_BYTES && kept.length > 1) keptBytes -= kept.shift()?.length ?? 0;
    return write(chunk, ...rest);
  }) as typeof stdout.write;

  return {
    send: (data) => input.push(data),
    onInteractive: (listener) => {
      interactive = listener;
      if (heard) listener();
    },
    take: (to) => {
      for (const data of kept) to(data);
      kept = [];
      screen = to;
    },
    dismiss: () => {
      watching = false;
      kept = [];
      interactive = undefined;
    },
  };
}

/**
 * `process.stdin` as a terminal's: `isTTY`, raw mode, `ref`/`unref`, and it keeps the process alive
 * as a terminal's input does: while something reads it (a `data` or `readable` listener, readline,
 * `resume()`) and it is not unref'd, until it is paused (a readline prompt waiting for an API key,
 * `process.stdin.on('data')` + `resume()`, Ink's `useInput` alike). It never ends: a person's
 * terminal does not.
 */
class TtyInput extends Readable {
  readonly isTTY = true;
  isRaw = false;
  readonly fd = 0;
  readonly #onRaw: () => void;
  readonly #onRead: () => void;
  /** Something reads: Node's own stdin starts reading its handle then, and stops on `pause`. */
  #reading = false;
  #refed = true;
  #alive: NodeJS.Timeout | undefined;

  constructor(onRaw: () => void, onRead: () => void) {
    super();
    this.#onRaw = onRaw;
    this.#onRead = onRead;
    this.on('pause', () => this.#read(false));
    this.on('resume', () => this.#read(true));
  }

  override _read(): void {
    this.#read(true);
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    if (mode) this.#onRaw();
    return this;
  }

  ref(): this {
    this.#refed = true;
    this.#keepAlive();
    return this;
  }

  unref(): this {
    this.#refed = false;
    this.#keepAlive();
    return this;
  }

  #read(reading: boolean): void {
    if (reading && !this.#reading) this.#onRead();
    this.#reading = reading;
    this.#keepAlive();
  }

  /** A handle in the event loop exactly while a terminal's input would hold one. */
  #keepAlive(): void {
    if (this.#reading && this.#refed) this.#alive ??= setInterval(() => {}, 2 ** 30);
    else {
      clearInterval(this.#alive);
      this.#alive = undefined;
    }
  }
}
