import type { McpServerOptions } from '../server/create-mcp-server.js';
import { startInPty } from '../terminal/pty-program.js';
import type { PtyWhy } from '../terminal/terminal-mode.js';
import { exitWords } from '../util/exit-words.js';
import type { ServeIo } from './serve-app.js';
import { serveTerminalApp } from './serve-terminal.js';

/** Requests that need the program wait for its first output, then this long for it to finish drawing, at most. */
const FIRST_OUTPUT_MS = 10_000;
const FIRST_QUIET_MS = 100;

/** After the agent went away: how long the program has to exit on SIGHUP, then SIGTERM, then SIGKILL. */
const HANGUP_GRACE_MS = 3_000;
const TERM_GRACE_MS = 2_000;

export interface ServePtyOptions {
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  columns: number;
  rows: number;
  session: string;
  builtinTools: boolean;
  server: McpServerOptions;
  io: Extract<ServeIo, { kind: 'stdio' }>;
  /** Why it runs in a pseudo-terminal, for its answers' `Mode:` line. @default 'not_node' */
  why?: PtyWhy;
}

export type PtyServing =
  | { ok: true; pid: number; exitCode: Promise<number>; stopped: Promise<void> }
  | { ok: false; code: 'no_pty' | 'spawn_failed'; message: string };

/**
 * The launcher's way to serve a program that is not Node (a compiled binary, a shell script): it runs
 * in a pseudo-terminal of its own, and the agent drives it with keys and reads its screen (a terminal
 * session, src/terminal/). When the input ends, its terminal "closes" (SIGHUP), as a person's would.
 */
export async function servePty(options: ServePtyOptions): Promise<PtyServing> {
  const started = await startInPty({
    command: options.command,
    env: options.env,
    columns: options.columns,
    rows: options.rows,
  });
  if (!started.ok) return started;
  const { program } = started;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    program.kill('SIGHUP');
    const term = setTimeout(() => program.kill('SIGTERM'), HANGUP_GRACE_MS);
    const kill = setTimeout(() => program.kill('SIGKILL'), HANGUP_GRACE_MS + TERM_GRACE_MS);
    term.unref();
    kill.unref();
    void program.exited.then(() => {
      clearTimeout(term);
      clearTimeout(kill);
    });
  };
  // Its last output is on the screen before the session ends with it, and its code is known.
  let code: number | undefined;
  const exited = program.exited.then((exitCode) => {
    code = exitCode;
    return program.screen.parsed();
  });
  // Like an Ink app's first render: a request that needs the program waits until it has drawn.
  const ready = Promise.race([
    program.screen.answered({
      firstMs: FIRST_OUTPUT_MS,
      quietMs: FIRST_QUIET_MS,
      maxMs: FIRST_OUTPUT_MS,
      sinceStart: true,
    }),
    exited,
  ]);
  const served = await serveTerminalApp({
    server: options.server,
    session: options.session,
    builtinTools: options.builtinTools,
    io: options.io,
    app: {
      screen: program.screen,
      send: program.send,
      mode: 'pty',
      ...(options.why ? { ptyWhy: options.why } : {}),
      exited,
      stop,
      ready,
      exit: () => (code === undefined ? undefined : exitWords(code)),
    },
  });
  void served.stopped.then(() => program.screen.dispose());
  return { ok: true, pid: program.pid, exitCode: program.exited, stopped: served.stopped };
}
