import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { connectionDir } from '../render/connection-info.js';
import { type PageMessage, pageMessage, watchPageHtml } from '../session/watch-page.js';
import { parseCast } from '../util/asciicast.js';
import { defined } from '../util/defined.js';
import { parseRecording } from '../util/recording.js';
import { errorText } from '../util/text.js';
import { recordingSteps } from './recording-steps.js';
import { TerminalWatch } from './terminal-watch.js';
import { connectWatch, findWatchable, type ServerMessage, type Watchable } from './watch-client.js';
import { asCommand, servePage } from './web-watch.js';

export const WATCH_USAGE = `Usage:
  ink-mcp watch                       list the headless sessions you can watch
  ink-mcp watch <session>             watch one in this terminal: its screen, its calls; answer its
                                      questions (y/n), pause the agent (p), take over the keyboard (t)
  ink-mcp watch --web <session>       the same in a browser: prints a page address on 127.0.0.1
  ink-mcp show <recording.jsonl>      replay a recording in a browser page (prints its address)
  ink-mcp show <recording.jsonl> --out report.html
                                      write the page to one self-contained file
Options: --port <n> (the page's port; default: any free one)
`;

type Io = { out: (text: string) => void; err: (text: string) => void };
const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** `ink-mcp watch …`: resolves with the exit code once the watcher is done. */
export async function watchCommand(argv: readonly string[], io: Io = processIo): Promise<number> {
  let parsed: ReturnType<typeof parseWatchArgs>;
  try {
    parsed = parseWatchArgs(argv);
  } catch (error) {
    io.err(`ink-mcp watch: ${errorText(error)}\n\n${WATCH_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(WATCH_USAGE);
    return 0;
  }
  const sessions = findWatchable(connectionDir());
  const [wanted] = parsed.positionals;
  if (wanted === undefined) {
    if (sessions.length === 0) {
      io.out(
        'No headless session to watch. Start one (an agent starts it, or: ink-mcp -- <command>), then run ink-mcp watch <session>.\n',
      );
      return 0;
    }
    io.out(`${sessions.map((s) => `${s.session}\t(pid ${s.pid})`).join('\n')}\n`);
    return 0;
  }
  const matches = sessions.filter((s) => s.session === wanted || `${s.session}-${s.pid}` === wanted);
  if (matches.length !== 1) {
    io.err(
      matches.length === 0
        ? `ink-mcp watch: no headless session "${wanted}" runs for this user.${sessions.length ? ` Sessions: ${sessions.map((s) => s.session).join(', ')}.` : ''}\n`
        : `ink-mcp watch: ${matches.length} sessions are named "${wanted}": name one as <session>-<pid> (${matches.map((s) => `${s.session}-${s.pid}`).join(', ')}).\n`,
    );
    return 1;
  }
  const target = matches[0] as Watchable;
  const port = parsed.values.port === undefined ? undefined : Number(parsed.values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    io.err(
      `ink-mcp watch: --port takes a port number (0–65535), not ${JSON.stringify(parsed.values.port)}.\n`,
    );
    return 2;
  }
  return parsed.values.web ? watchInBrowser(target, port, io) : watchInTerminal(target, io);
}

function parseWatchArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      web: { type: 'boolean' },
      port: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}

async function watchInTerminal(target: Watchable, io: Io): Promise<number> {
  const stdin = process.stdin;
  const stdout = process.stdout;
  if (!stdin.isTTY || !stdout.isTTY) {
    io.err('ink-mcp watch: run it in a terminal (or use --web for a browser page).\n');
    return 2;
  }
  let code = 0;
  const connection = connectWatch(target, `terminal ${process.pid}`, (message) => {
    if (message.type === 'refused') code = 1;
    view.receive(message);
  });
  const view = new TerminalWatch(
    { write: (text) => stdout.write(text), columns: () => stdout.columns, rows: () => stdout.rows },
    (command) => connection.send(command),
    () => connection.close(),
  );
  // The watcher's own screen (restored at the end), no cursor, keys one by one.
  stdout.write('\u001b[?1049h\u001b[?25l');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  const onKey = (data: string) => view.key(data);
  const onResize = () => view.draw();
  stdin.on('data', onKey);
  stdout.on('resize', onResize);
  await connection.closed;
  stdin.off('data', onKey);
  stdout.off('resize', onResize);
  stdin.setRawMode(false);
  stdin.pause();
  stdout.write('\u001b[?25h\u001b[?1049l');
  io.err(
    code === 0 ? 'ink-mcp watch: stopped watching.\n' : 'ink-mcp watch: the session refused the watcher.\n',
  );
  return code;
}

async function watchInBrowser(target: Watchable, port: number | undefined, io: Io): Promise<number> {
  // The page's view of the session: the latest screen and state, and the calls seen, for a page
  // opened (or reloaded) later.
  const seen = new Map<string, PageMessage>();
  const calls: PageMessage[] = [];
  let page: Awaited<ReturnType<typeof servePage>> | undefined;
  let refused: string | undefined;
  const connection = connectWatch(target, `page ${process.pid}`, (message: ServerMessage) => {
    const shown = pageMessage(message);
    if (message.type === 'call') calls.push(shown);
    else if (message.type !== 'notice') seen.set(message.type, shown);
    if (message.type === 'refused') refused = message.message;
    page?.broadcast(shown);
  });
  page = await servePage({
    page: watchPageHtml({ title: `ink-mcp watch: ${target.session}`, transport: 'http' }),
    onCommand: (command) => {
      const cmd = asCommand(command);
      if (cmd) connection.send(cmd);
    },
    replay: () => [
      ...['welcome', 'screen', 'state'].flatMap((type) =>
        seen.has(type) ? [seen.get(type) as PageMessage] : [],
      ),
      ...calls.slice(-200),
      ...['gone', 'refused'].flatMap((type) => (seen.has(type) ? [seen.get(type) as PageMessage] : [])),
    ],
    ...defined({ port }),
  });
  io.out(`ink-mcp watch: session "${target.session}" in your browser: ${page.url}\n`);
  const stop = () => connection.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await connection.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await page.close();
  if (refused) io.err(`${refused}\n`);
  io.err('ink-mcp watch: the session ended; the page is closed.\n');
  return refused ? 1 : 0;
}

/** `ink-mcp show <recording.jsonl> [--out report.html]`. */
export async function showCommand(argv: readonly string[], io: Io = processIo): Promise<number> {
  let parsed: ReturnType<typeof parseWatchArgs>;
  try {
    parsed = parseWatchArgs(argv);
  } catch (error) {
    io.err(`ink-mcp show: ${errorText(error)}\n\n${WATCH_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(WATCH_USAGE);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0 || parsed.values.web) {
    io.err(
      `ink-mcp show: give one recording file (made with ink-mcp --record <file> -- <command…>).\n\n${WATCH_USAGE}`,
    );
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    io.err(`ink-mcp show: cannot read ${JSON.stringify(file)}: ${errorText(error)}.\n`);
    return 1;
  }
  const read = parseRecording(text, file);
  if (!read.ok) {
    io.err(`${read.message}\n`);
    return 1;
  }
  const castFile = `${file}.cast`;
  const cast = existsSync(castFile) ? parseCast(readFileSync(castFile, 'utf8')) : undefined;
  const steps = recordingSteps(read.recording, cast?.ok ? cast.events : undefined);
  const html = watchPageHtml({ title: `ink-mcp show: ${basename(file)}`, transport: 'none', steps });
  if (parsed.values.out !== undefined) {
    try {
      writeFileSync(parsed.values.out, html);
    } catch (error) {
      io.err(
        `ink-mcp show: cannot write ${JSON.stringify(parsed.values.out)}: ${errorText(error)}. Give a file in a folder that exists.\n`,
      );
      return 1;
    }
    io.out(`ink-mcp show: wrote ${parsed.values.out} (${steps.length} calls; one file, opens offline).\n`);
    return 0;
  }
  const port = parsed.values.port === undefined ? undefined : Number(parsed.values.port);
  const page = await servePage({ page: html, ...defined({ port }) });
  io.out(`ink-mcp show: ${basename(file)} (${steps.length} calls) at ${page.url}\nCtrl+C stops.\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await page.close();
  return 0;
}
