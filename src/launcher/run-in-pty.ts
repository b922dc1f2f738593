import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { defined } from '../util/defined.js';
import { exitWords } from '../util/exit-words.js';
import type { PtyWhy } from '../util/reach.js';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';
import { clientOutput } from './client-output.js';
import type { RegisterConfig } from './config.js';
import { linger } from './linger.js';
import { locate } from './node-command.js';
import { lastLines } from './output-tail.js';
import { Relay } from './relay.js';

/**
 * `ink-mcp -- <a program that is not Node>` (or `--terminal`): the program runs in a pseudo-terminal
 * of the launcher's own, and the launcher serves it itself, as a terminal session (keys and screen
 * only). The client's stdin/stdout go through the same relay as for a Node app, so the opening is
 * answered at once while the server loads. Ends as the Node case does: on end of input or a signal
 * the program's terminal closes (SIGHUP), and the launcher exits 0; if the program exits first, the
 * launcher exits with its code.
 */
export async function runInPty(
  command: string[],
  env: NodeJS.ProcessEnv,
  config: RegisterConfig,
  tools: readonly object[] | undefined,
  why: Extract<PtyWhy, 'not_node' | 'asked'> = 'not_node',
): Promise<void> {
  let stdoutGone = false;
  const relay = new Relay({
    toClient: clientOutput(() => stdoutGone),
    log: (message) => process.stderr.write(`${message}\n`),
    ...defined({ tools }),
  });
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  createInterface({ input: fromServer, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
    relay.fromApp(line),
  );
  let stopping = false;
  let ended: () => void = () => {};
  const inputEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    ended();
  };
  process.stdout.on('error', () => {
    stdoutGone = true;
    stop();
  });
  createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
    .on('line', (line) => relay.fromClient(line))
    .on('error', stop)
    .on('close', stop);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);

  // Loaded now, not at the launcher's start: the MCP server, the terminal emulator and node-pty.
  // A pseudo-terminal starts any file it is given, and one that is not there only exits 1: said
  // here instead, as the headless path says it (the client hears it after its opening).
  const file = command[0] ?? '';
  if (locate(file, env) === undefined) {
    const message = `ink-mcp: could not start ${JSON.stringify(file)}: there is no such file${file.includes('/') ? '' : ' on PATH'}. Check the command after -- (is it installed, and on PATH?).`;
    process.stderr.write(`${message}\n`);
    relay.detach(message);
    process.exitCode = 127;
    await linger(relay, inputEnded);
    process.stdin.destroy();
    return;
  }
  const { servePty } = await import('../render/serve-pty.js');
  const served = await servePty({
    command,
    env,
    columns: config.columns ?? DEFAULT_TERMINAL_SIZE.columns,
    rows: config.rows ?? DEFAULT_TERMINAL_SIZE.rows,
    session: config.session,
    builtinTools: config.builtinTools,
    server: {
      logger: { warn: (m) => process.stderr.write(`${m}\n`), info: (m) => process.stderr.write(`${m}\n`) },
      surface: config.surface,
      answerBlocks: config.answerBlocks,
    },
    io: { kind: 'stdio', input: toServer, output: fromServer, ended: inputEnded },
    why,
  });
  if (!served.ok) {
    const message = `ink-mcp: ${served.message}`;
    process.stderr.write(`${message}\n`);
    relay.detach(message);
    process.exitCode = 127;
    await linger(relay, inputEnded);
    process.stdin.destroy();
    return;
  }
  relay.attach((line) => {
    if (!toServer.writableEnded) toServer.write(`${line}\n`);
  });
  void inputEnded.then(() => toServer.end());
  const code = await served.exitCode;
  const last = lastLines(await served.lastScreen);
  await served.stopped;
  relay.detach(
    `ink-mcp: the program exited (${exitWords(code)}) before it answered this request.` +
      (last ? ` Its last screen:\n${last}` : ''),
  );
  process.exitCode = stopping ? 0 : code;
  // A program that could not run (not found, not executable) exits at once: the client hears why.
  await linger(relay, inputEnded);
  process.stdin.destroy();
}
