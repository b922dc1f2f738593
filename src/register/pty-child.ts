/**
 * `node pty-child.js <program> [args…]`: what a Node process on the app's terminal runs instead of a
 * program that is not Node it starts with the terminal inherited (follow-children.ts). The program
 * runs in a pseudo-terminal of this process's own, served in terminal mode on the launcher's socket,
 * and this process exits with its code, so that the process that started it sees what it would
 * have. When the launcher serves another process already, or no pseudo-terminal can be had, the
 * program runs as it was asked to (with the inherited stdio), and the reason is said on stderr.
 */
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { readConfig } from '../launcher/config.js';
import { PTY_HELLO, PTY_WELCOME } from '../launcher/pty-hello.js';
import { stderrLogger } from '../util/logger.js';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';
import { spawnAsAsked } from './follow-children.js';

const [file, ...args] = process.argv.slice(2);
const read = readConfig(process.env);
const link = read.ok && read.config.socket && file ? await taken(read.config.socket) : undefined;
if (!file) {
  process.stderr.write('ink-mcp: pty-child: no program given.\n');
  process.exit(2);
} else if (!read.ok || !link) {
  if (read.ok && read.config.socket)
    process.stderr.write(
      `ink-mcp: another process of this command is served: ${JSON.stringify(file)} runs as it was started, not served.\n`,
    );
  runAsAsked(file);
} else {
  const { config } = read;
  const { socket } = link;
  const { servePty } = await import('../render/serve-pty.js');
  const input = new PassThrough();
  let ended: () => void = () => {};
  const inputEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  // The launcher's lines, for the server (its welcome was this process's alone).
  for (const line of link.lines) input.write(`${line}\n`);
  link.onLine((line) => input.write(`${line}\n`));
  socket.on('error', () => ended());
  socket.once('end', () => ended());
  void inputEnded.then(() => input.end());
  const served = await servePty({
    command: [file, ...args],
    env: process.env,
    columns: config.columns ?? DEFAULT_TERMINAL_SIZE.columns,
    rows: config.rows ?? DEFAULT_TERMINAL_SIZE.rows,
    session: config.session,
    builtinTools: config.builtinTools,
    server: { logger: stderrLogger, surface: config.surface, answerBlocks: config.answerBlocks },
    io: { kind: 'stdio', input, output: socket, ended: inputEnded },
    why: 'started_by_node',
  });
  if (!served.ok) {
    process.stderr.write(
      `ink-mcp: ${JSON.stringify(file)} needs a terminal and could not be served in a pseudo-terminal: ${served.message}\n`,
    );
    socket.destroy();
    runAsAsked(file);
  } else {
    process.stderr.write(
      `ink-mcp: process ${process.pid} started ${JSON.stringify(file)}, which is not a Node program, with the terminal inherited: it runs in a pseudo-terminal, served in terminal mode.\n`,
    );
    const code = await served.exitCode;
    await served.stopped;
    socket.end();
    process.exit(code);
  }
}

/**
 * Connected, and the launcher said this process is the one it serves (its welcome, or anything it
 * sends, comes only on a connection it took; another is closed at once), with what it sent so far
 * and a way to hear the rest; else undefined.
 */
function taken(
  path: string,
): Promise<{ socket: Socket; lines: string[]; onLine(listener: (line: string) => void): void } | undefined> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const lines: string[] = [];
    let listener: ((line: string) => void) | undefined;
    let heard = false;
    const no = () => {
      if (!heard) resolve(undefined);
    };
    socket.once('error', no);
    socket.once('close', no);
    socket.once('connect', () => socket.write(`${PTY_HELLO}\n`));
    createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
      .on('line', (line) => {
        if (line === PTY_WELCOME) {
          // Said once; not a message for the server.
        } else if (listener) listener(line);
        else lines.push(line);
        if (heard) return;
        heard = true;
        resolve({
          socket,
          lines,
          onLine: (next) => {
            listener = next;
          },
        });
      })
      .on('error', () => {});
  });
}

/** The program, as the process that started it asked (its stdio inherited), exiting with its code. */
function runAsAsked(program: string): void {
  const child = spawnAsAsked(program, args, { stdio: 'inherit' });
  child.once('error', (error) => {
    process.stderr.write(`ink-mcp: could not start ${JSON.stringify(program)}: ${error.message}\n`);
    process.exit(127);
  });
  child.once('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
