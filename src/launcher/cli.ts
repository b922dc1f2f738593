import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openPrivateFile } from '../render/private-file.js';
import { launchRoute } from '../util/reach.js';
import { openAppStdin } from './app-stdin.js';
import { clientOutput } from './client-output.js';
import { ENV, readConfig } from './config.js';
import { earlyTools } from './early-tools.js';
import { linger } from './linger.js';
import { startsNode } from './node-command.js';
import { OutputTail } from './output-tail.js';
import { parseArgs, USAGE } from './parse-args.js';
import { PTY_HELLO, PTY_WELCOME } from './pty-hello.js';
import { Relay } from './relay.js';
import { runInPty } from './run-in-pty.js';

/** The app has this long to render with Ink before requests waiting for it are refused. */
const CONNECT_WAIT_MS = 20_000;
/** After the end of input: how long the app may take to finish before it is asked, then told, to stop. */
const STOP_GRACE_MS = 5_000;
const KILL_GRACE_MS = 2_000;
/** Once the app exited: how long its last output may take to arrive, to be quoted. */
const OUTPUT_WAIT_MS = 1_000;
/** The app's socket closed: how long its process has to exit, so that the answer can say how it did. */
const SOCKET_EXIT_WAIT_MS = 3_000;

/** `ink-mcp [options] -- <command…>`: runs the command with the preload, and serves it. */
export async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'export-test' || argv[0] === 'replay') {
    // Loaded only for these commands (they need the MCP client): the launcher itself stays light.
    const { sessionCommand } = await import('../testing/session-cli.js');
    process.exitCode = await sessionCommand(argv);
    return;
  }
  if (argv[0] === 'watch' || argv[0] === 'show') {
    // The person's side (src/watch/): loaded only for these commands.
    const { showCommand, watchCommand } = await import('../watch/watch-cli.js');
    process.exitCode = await (argv[0] === 'watch' ? watchCommand : showCommand)(argv.slice(1));
    return;
  }
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    // Asked for, before anything is served: the usage goes where a command's output goes.
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const env = childEnv(process.env, parsed.env);
  // The settings the app will read, the flags over the environment's, checked as the flags are:
  // a bad INK_MCP_COLUMNS is said here, not by the app's process after it started.
  const read = readConfig(env);
  if (!read.ok) {
    process.stderr.write(`${read.message}\n`);
    process.exitCode = 2;
    return;
  }
  // A program the preload cannot reach (not Node), or asked for: a pseudo-terminal of our own.
  const route = launchRoute({
    attach: parsed.attach,
    terminalAsked: parsed.terminal === true,
    startsNode: startsNode(parsed.command),
  });
  const record = read.config.record;
  if (record !== undefined && route.kind === 'pty') {
    // Refused, not ignored: a recording of a terminal session would hold neither calls nor a cast.
    process.stderr.write(
      `ink-mcp: cannot record ${JSON.stringify(parsed.command[0])}: it runs in a pseudo-terminal (it is not a Node program the preload reaches${parsed.terminal ? ', or --terminal asked for one' : ''}), and a terminal session is not recorded. Drop --record (and ${ENV.record}), or record a Node Ink app.\n`,
    );
    process.exitCode = 2;
    return;
  }
  if (record !== undefined && route.kind !== 'attached') {
    // Said now, before the app starts: the app's process writes the file, where only stderr would tell.
    const problem = writable(record);
    if (problem !== undefined) {
      process.stderr.write(
        `ink-mcp: cannot record to ${JSON.stringify(record)}: ${problem}. Give a file in a folder that exists and you can write.\n`,
      );
      process.exitCode = 2;
      return;
    }
  }
  if (route.kind === 'attached') return runAttached(parsed.command, env);
  if (route.kind === 'pty')
    return runInPty(parsed.command, process.env, read.config, listedEarly(env).tools, route.why);
  return runHeadless(parsed.command, env);
}

/** The preload on every Node process the command starts (it survives npx, npm and tsx wrappers). */
export function childEnv(base: NodeJS.ProcessEnv, own: Record<string, string>): NodeJS.ProcessEnv {
  const register = new URL('../register/index.js', import.meta.url).href;
  const options = [base.NODE_OPTIONS, `--import=${register}`].filter(Boolean).join(' ');
  return {
    ...base,
    ...own,
    NODE_OPTIONS: options,
    // React picks its build at first import; agents want production (see src/register/index.ts).
    NODE_ENV: base.NODE_ENV ?? 'production',
  };
}

function runAttached(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = start(command, env, 'inherit');
  // Ctrl+C reaches the app too (same process group): the launcher waits for it to finish.
  const ignore = () => {};
  process.on('SIGINT', ignore);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  return exited(child).then((code) => {
    process.off('SIGINT', ignore);
    process.exitCode = code;
  });
}

async function runHeadless(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  let inputEnded = false;
  let stopping = false;
  let endInput: () => void = () => {};
  const inputGone = new Promise<void>((resolve) => {
    endInput = resolve;
  });
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-'));
  const path = join(dir, 'mcp.sock');
  let stdoutGone = false;
  process.stdout.on('error', () => {
    stdoutGone = true;
    stop();
  });
  const relay = new Relay({
    // The launcher's stdout is the protocol stream: only the relay writes to it (the app's output
    // goes to stderr, below).
    toClient: clientOutput(() => stdoutGone),
    log: (message) => process.stderr.write(`${message}\n`),
    ...listedEarly(env),
  });
  let app: Socket | undefined;
  let socketGone: NodeJS.Timeout | undefined;
  const server = createServer((socket) => {
    if (app) {
      socket.destroy(); // one process serves: the first that imported Ink
      return;
    }
    app = socket;
    clearTimeout(waiting);
    // An app that exits with a request unread resets the socket (ECONNRESET). That is the app going
    // away, answered by 'close' below. readline re-emits its input's errors on the interface, which
    // would otherwise throw them and take the launcher down with the answers it still owes.
    socket.on('error', () => {});
    createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
      .on('line', (line) => {
        // A process about to start a program in a pseudo-terminal asks whether it is the one served.
        if (line === PTY_HELLO) socket.write(`${PTY_WELCOME}\n`);
        else relay.fromApp(line);
      })
      .on('error', () => {});
    // Usually the process is exiting: its exit code and last output (below) say more than this.
    socket.once('close', () => {
      socketGone = setTimeout(
        () =>
          relay.detach(
            'ink-mcp: the app stopped before it answered this request (see its output on stderr).',
          ),
        SOCKET_EXIT_WAIT_MS,
      );
    });
    relay.attach((line) => {
      if (!socket.destroyed) socket.write(`${line}\n`);
    });
    if (inputEnded) socket.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  // Its stdin is a file of the launcher's own, so that the preload knows the processes on the app's
  // terminal (app-stdin.ts); the terminal they get is the preload's, fed by the keyboard tools.
  const stdin = openAppStdin(dir);
  // In a process group of its own: what the command started goes with it (a wrapper's child).
  const child = start(
    command,
    { ...env, ...stdin.env, [ENV.socket]: path },
    [stdin.fd, 'pipe', 'pipe'],
    true,
  );
  stdin.close();
  // The app's output goes to stderr, as it comes; its last lines also go to the client when the app
  // exits before it answered (a crash at start: the client would otherwise learn only the code).
  const output = new OutputTail();
  process.stderr.on('error', () => {}); // no one reads it any more: the output has nowhere to go
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      output.add(chunk.toString());
    });
  const waiting = setTimeout(
    () =>
      relay.refuseUntilConnected(
        `ink-mcp: the app is still starting: it has not loaded Ink after ${CONNECT_WAIT_MS / 1000} s, so nothing of this request ran. ` +
          'Try again in a few seconds: it is served as soon as it loads Ink, and the tool list is announced as changed then. ' +
          'If it never does, check its output on stderr: an app that never draws in a terminal is not served (see the README, "No code change").',
      ),
    CONNECT_WAIT_MS,
  );
  waiting.unref();

  // End of input (the client went away) or a signal: the app finishes its running call, then stops.
  function stop() {
    endInput();
    if (stopping) return;
    stopping = true;
    inputEnded = true;
    if (app) app.end();
    else signalCommand(child, 'SIGTERM');
    const term = setTimeout(() => signalCommand(child, 'SIGTERM'), STOP_GRACE_MS);
    const kill = setTimeout(() => signalCommand(child, 'SIGKILL'), STOP_GRACE_MS + KILL_GRACE_MS);
    term.unref();
    kill.unref();
  }
  createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
    .on('line', (line) => relay.fromClient(line))
    // A broken input is the client gone, as its end is (readline would throw it otherwise).
    .on('error', stop)
    .on('close', stop);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);

  let startError: string | undefined;
  child.once('error', (error) => {
    startError = error.message;
  });
  const code = await exited(child);
  // The app's terminal closes with the launcher: what the command left running (a wrapper's child
  // that outlived it) hears SIGHUP, as a person's closed terminal sends it.
  signalCommand(child, 'SIGHUP');
  clearTimeout(socketGone);
  await Promise.race([drained(child), new Promise((resolve) => setTimeout(resolve, OUTPUT_WAIT_MS))]);
  const last = output.text();
  relay.detach(
    startError !== undefined
      ? `ink-mcp: could not start ${JSON.stringify(command[0])}: ${startError}. Check the command after -- (is it installed, and on PATH?).`
      : `ink-mcp: the app exited (${describeExit(code)}) before it answered this request.` +
          (last ? ` Its last output:\n${last}` : '') +
          (app ? '' : needsTerminalHint(last, command)),
  );
  server.close();
  rmSync(dir, { recursive: true, force: true });
  // Stopped on request: a clean end. Otherwise the app's own exit code (the input may end while
  // the launcher lingers: that does not make an app that never started a clean end).
  process.exitCode = stopping ? 0 : code;
  await linger(relay, inputGone);
  process.stdin.destroy();
}

/**
 * The tools the app's server will list, read from the configuration the preload will read (the
 * launcher's flags over its own environment): on the stable surface, the first session's built-ins
 * (or not) and its `act` tool, whatever the app shows; so `tools/list` is answered before the app
 * has loaded. A later render's session (`app_2`) is told with `list_changed` (relay.ts).
 */
function listedEarly(env: NodeJS.ProcessEnv): { tools?: readonly object[] } {
  const read = readConfig(env);
  if (!read.ok || read.config.surface !== 'stable') return {};
  const { session, builtinTools, screenshots } = read.config;
  const tools = earlyTools({ session, builtinTools, screenshots });
  return tools ? { tools } : {};
}

function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  stdio: 'inherit' | [number, 'pipe', 'pipe'],
  group = false,
): ChildProcess {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { env, stdio, detached: group && process.platform !== 'win32' });
  child.on('error', (error) => {
    process.stderr.write(`ink-mcp: could not start ${JSON.stringify(file)}: ${error.message}\n`);
  });
  return child;
}

/** A signal to the command's whole process group (headless), or to the child alone where it has none. */
function signalCommand(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // The group is gone already.
  }
}

/** The child's exit code (128 + n for a signal, as a shell reports it; 127 if it never started). */
function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

/** Resolves once the child's output pipes have ended (a process it started may hold them longer). */
function drained(child: ChildProcess): Promise<void> {
  const ended = (stream: NodeJS.ReadableStream | null) =>
    new Promise<void>((resolve) => {
      if (!stream || (stream as { readableEnded?: boolean }).readableEnded) resolve();
      else stream.once('end', resolve).once('close', resolve);
    });
  return Promise.all([ended(child.stdout), ended(child.stderr)]).then(() => {});
}

/**
 * For an app that exited unserved saying it needs a terminal (a program that is not Node started in
 * a way the launcher did not follow, e.g. through a shell): the fix, named.
 */
function needsTerminalHint(output: string, command: readonly string[]): string {
  if (!/\b(tty|terminal|interactive)\b/i.test(output)) return '';
  return (
    '\nIt says it needs a terminal: run it in a pseudo-terminal of its own with ' +
    `\`ink-mcp --terminal -- ${command.join(' ')}\` (keys and screen only).`
  );
}

/**
 * Why the recording or its cast cannot be written, or undefined. Opened as the recorder will open
 * them (private, never through a link) and left as they were: the app's process truncates them.
 */
function writable(file: string): string | undefined {
  for (const path of [file, `${file}.cast`]) {
    const opened = openPrivateFile(path);
    if (!opened.ok) return opened.why;
    closeSync(opened.fd);
  }
  return undefined;
}

function signalNumber(signal: NodeJS.Signals): number {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal as string] ?? 0;
}

function describeExit(code: number): string {
  return code === 0 ? 'exit code 0' : code > 128 ? `signal ${code - 128}` : `exit code ${code}`;
}
