import type { McpServerOptions } from '../server/create-mcp-server.js';
import { startInPty } from '../terminal/pty-program.js';
import { defined } from '../util/defined.js';
import { exitWords } from '../util/exit-words.js';
import type { PtyWhy } from '../util/reach.js';
import { serveTerminalApp } from './serve-terminal.js';
import type { ServeIo } from './serve-wiring.js';

/** Requests that need the program wait for its first output, then this long for it to finish drawing, at most. */
const FIRST_OUTPUT_MS = 10_000;
const FIRST_QUIET_MS = 100;

/**
 * After the agent went away: how long the program (its whole process group) has to exit on SIGHUP,
 * then SIGTERM, before SIGKILL. Short: an MCP client that closed our input sends SIGTERM 2 s later
 * and SIGKILL 2 s after that (the SDK's StdioClientTransport), and a launcher killed first would
 * leave behind what ignores SIGHUP.
 */
const HANGUP_GRACE_MS = 1_000;
const TERM_GRACE_MS = 1_000;

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
  | {
      ok: true;
      pid: number;
      exitCode: Promise<number>;
      /** Its screen as it was when it exited (for an answer that says how it ended). */
      lastScreen: Promise<string>;
      stopped: Promise<void>;
    }
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
      route: 'pty',
      ...defined({ ptyWhy: options.why }),
      exited,
      stop,
      ready,
      exit: () => (code === undefined ? undefined : exitWords(code)),
    },
  });
  // The session is over only when nothing of the program's is left: its background jobs end too.
  const stopped = served.stopped.then(async () => {
    program.screen.dispose();
    await program.endGroup({ hangupMs: HANGUP_GRACE_MS, termMs: TERM_GRACE_MS });
  });
  const lastScreen = exited.then(() => program.screen.text());
  return { ok: true, pid: program.pid, exitCode: program.exited, lastScreen, stopped };
}
