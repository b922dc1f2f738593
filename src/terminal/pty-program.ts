import { createXtermScreen, type TerminalScreen } from './xterm-screen.js';

/** A program running in a pseudo-terminal of ink-mcp's own, its screen kept in memory. */
export interface PtyProgram {
  screen: TerminalScreen;
  pid: number;
  /** Bytes to its terminal's input, as a key a person presses. */
  send(data: string): void;
  /** Its exit code (128 + n after signal n, as a shell reports it). */
  exited: Promise<number>;
  /** Sends it a signal (SIGHUP: its terminal closed). */
  kill(signal: NodeJS.Signals): void;
}

export type PtyStart =
  | { ok: true; program: PtyProgram }
  | { ok: false; code: 'no_pty' | 'spawn_failed'; message: string };

export interface PtyOptions {
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  columns: number;
  rows: number;
}

/**
 * Starts `command` in a pseudo-terminal sized like the session's terminal, as a person's terminal
 * would run it, and keeps its screen (@xterm/headless). Nothing of it reaches a real terminal: the
 * pseudo-terminal is ink-mcp's alone. @lydell/node-pty is node-pty with prebuilt binaries for every
 * platform (node-pty itself builds from source with node-gyp on Linux, so a machine without a
 * compiler would lose terminal mode); it is an optional dependency: when it cannot be loaded, the
 * answer says so.
 */
export async function startInPty(options: PtyOptions): Promise<PtyStart> {
  let pty: typeof import('@lydell/node-pty');
  try {
    const loaded = (await import('@lydell/node-pty')) as typeof import('@lydell/node-pty') & {
      default?: typeof import('@lydell/node-pty');
    };
    pty = loaded.default ?? loaded;
  } catch (error) {
    return {
      ok: false,
      code: 'no_pty',
      message: `@lydell/node-pty, which runs a program that is not Node in a terminal, could not be loaded (${error instanceof Error ? error.message : String(error)}). Install it beside ink-mcp (npm install @lydell/node-pty, prebuilt: no compiler needed), or start a Node app directly (ink-mcp -- node app.js).`,
    };
  }
  const [file, ...args] = options.command as [string, ...string[]];
  let child: import('@lydell/node-pty').IPty;
  try {
    child = pty.spawn(file, args, {
      name: 'xterm-256color',
      cols: options.columns,
      rows: options.rows,
      cwd: process.cwd(),
      env: { ...options.env, TERM: 'xterm-256color' } as Record<string, string>,
    });
  } catch (error) {
    return {
      ok: false,
      code: 'spawn_failed',
      message: `could not start ${JSON.stringify(file)}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const screen = createXtermScreen({
    columns: options.columns,
    rows: options.rows,
    convertEol: false,
    // The terminal's answers to the program's queries (cursor position, device attributes).
    reply: (data) => child.write(data),
  });
  child.onData((data) => screen.write(data));
  const exited = new Promise<number>((resolve) => {
    child.onExit(({ exitCode, signal }) => resolve(signal ? 128 + signal : exitCode));
  });
  return {
    ok: true,
    program: {
      screen,
      pid: child.pid,
      send: (data) => child.write(data),
      exited,
      kill: (signal) => {
        try {
          child.kill(signal);
        } catch {
          // Already gone.
        }
      },
    },
  };
}
