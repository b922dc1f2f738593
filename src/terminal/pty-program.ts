import { createXtermScreen, type TerminalScreen } from './xterm-screen.js';

/** A program running in a pseudo-terminal of ink-mcp's own, its screen kept in memory. */
export interface PtyProgram {
  screen: TerminalScreen;
  pid: number;
  /** Bytes to its terminal's input, as a key a person presses. */
  send(data: string): void;
  /** Its exit code (128 + n after signal n, as a shell reports it). */
  exited: Promise<number>;
  /** Sends its whole process group a signal (SIGHUP: its terminal closed), as a terminal does. */
  kill(signal: NodeJS.Signals): void;
  /**
   * Ends what is left of its process group once the session is over (a background job of a shell,
   * `sleep 300 &`, outlives the shell): SIGHUP, then SIGTERM, then SIGKILL, each after a grace while
   * some remain. Resolves once none is left (or SIGKILL was sent and a last grace passed). A process
   * that left the group (`setsid`, `setpgid`) is not reached: it chose to be on its own.
   */
  endGroup(grace: { hangupMs: number; termMs: number }): Promise<void>;
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
      // node-pty starts the program as the leader of a new session and process group (forkpty's
      // setsid): its group id is its pid. The group, not the pid alone: its jobs hear it too.
      kill: (signal) => {
        if (!signalGroup(child.pid, signal)) {
          try {
            child.kill(signal);
          } catch {
            // Already gone.
          }
        }
      },
      endGroup: (grace) => endGroup(child.pid, grace),
    },
  };
}

/** Sends the process group `pgid` a signal; false when none of it is left (ESRCH) or it cannot be reached. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** How often an ending group is looked at: a condition, checked until its bound. */
const GROUP_POLL_MS = 25;

async function endGroup(pgid: number, grace: { hangupMs: number; termMs: number }): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGHUP', grace.hangupMs],
    ['SIGTERM', grace.termMs],
    ['SIGKILL', 1_000],
  ];
  for (const [signal, ms] of steps) {
    if (!signalGroup(pgid, signal)) return;
    // A stopped job (Ctrl+Z) would hold the signal until continued.
    signalGroup(pgid, 'SIGCONT');
    if (await groupGone(pgid, ms)) return;
  }
}

function groupGone(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const look = () => {
      if (!signalGroup(pgid, 0)) resolve(true);
      else if (Date.now() >= until) resolve(false);
      else setTimeout(look, GROUP_POLL_MS);
    };
    look();
  });
}
