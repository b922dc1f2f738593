import { resolve } from 'node:path';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';
import { ENV, readConfig } from './config.js';

export const USAGE = `Usage: ink-mcp [options] -- <command> [args…]

Runs an Ink app with no change to it and serves it over MCP: the app's own render(...) renders
inside an ink-mcp session. <command> is anything that starts the app on Node: node app.js,
npx tsx app.tsx, npm start. A program that is not Node (a compiled binary, a shell script) runs
in a pseudo-terminal and is driven with keys and its screen only (terminal mode).

Options:
  --session <id>       the session id, first segment of every tool name (default: app)
  --attach             draw in this terminal and serve MCP over HTTP on 127.0.0.1
                       (default: headless, MCP on this process's stdin/stdout)
  --port <n>           the HTTP port with --attach (default: a free one)
  --columns <n>        width of the in-memory terminal (default: ${DEFAULT_TERMINAL_SIZE.columns})
  --rows <n>           height of the in-memory terminal (default: ${DEFAULT_TERMINAL_SIZE.rows})
  --no-builtin-tools   no keyboard, screen and focus tools
  --screenshots        offer <session>_screen_screenshot too: the screen as a PNG image
                       (needs npm install @resvg/resvg-js dejavu-fonts-ttf)
  --terminal           run the command in a pseudo-terminal even if it starts Node: keys and
                       screen only (terminal mode), for an app whose Ink cannot be reached
  --surface <s>        which tools are listed: stable (the built-ins and one <session>_act tool
                       for any widget action: a list no call changes, answered before the app
                       has loaded) or widgets (a tool per widget action, as widgets come and go)
                       (default: stable)
  --answer-blocks <b>  one (each answer in one text block) or many (a block per part)
                       (default: one)
  --record <file>      write every call (its arguments, answer and the screen after it) to
                       <file> as JSON Lines, and the screen to <file>.cast (asciicast v2)
  -h, --help           this text

From an agent's session to a test:
  ink-mcp --record <file> -- <command> [args…]     record a session
  ink-mcp export-test <file> --out <test file>     write a vitest test that replays it
  ink-mcp replay <file> -- <command> [args…]       replay it; exit 1 at the first difference
  ink-mcp replay <file> --run-recorded             replay it against the recorded command (shown
                                                   first: only for a recording you trust)

Watching a headless session (same user, another terminal):
  ink-mcp watch [<session>]                        list them, or watch one: answer its questions,
                                                   pause the agent, take over the keyboard
  ink-mcp watch --web <session>                    the same as a page on 127.0.0.1
  ink-mcp show <file> [--out report.html]          a recording in that page (or one offline file)

The same preload without the launcher: node --import ink-mcp/register app.js
(configured by ${Object.values(ENV)
  .filter((name) => name !== ENV.socket && name !== ENV.stdin && name !== ENV.recordCommand)
  .join(', ')}).
`;

export type Parsed =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | {
      kind: 'run';
      attach: boolean;
      /** `--terminal`: a pseudo-terminal even for a Node command. */
      terminal?: true;
      command: string[];
      env: Record<string, string>;
    };

const VALUED: Record<string, string> = {
  '--session': ENV.session,
  '--port': ENV.port,
  '--columns': ENV.columns,
  '--rows': ENV.rows,
  '--surface': ENV.surface,
  '--answer-blocks': ENV.answerBlocks,
  '--record': ENV.record,
};

/** The launcher's command line (after `node ink-mcp`) → what to run, with which variables. */
export function parseArgs(argv: readonly string[]): Parsed {
  const env: Record<string, string> = {};
  let attach = false;
  let terminal = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('-')) break; // the command starts here (the `--` is optional)
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--attach') attach = true;
    else if (arg === '--terminal') terminal = true;
    else if (arg === '--no-builtin-tools') env[ENV.builtinTools] = '0';
    else if (arg === '--screenshots') env[ENV.screenshots] = '1';
    else {
      const [flag, inline] = arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
      const name = VALUED[flag];
      if (!name) return { kind: 'error', message: `ink-mcp: unknown option ${JSON.stringify(arg)}.` };
      const value = inline ?? argv[++i];
      if (value === undefined) return { kind: 'error', message: `ink-mcp: ${flag} needs a value.` };
      env[name] = value;
    }
  }
  const command = argv.slice(i);
  if (command.length === 0)
    return {
      kind: 'error',
      message: 'ink-mcp: no command to run: put it after --, e.g. ink-mcp -- node app.js.',
    };
  if (terminal && attach)
    return {
      kind: 'error',
      message:
        'ink-mcp: --terminal is headless only: with --attach the app draws in your terminal, where keys an agent sends would be yours.',
    };
  if (env[ENV.port] !== undefined && !attach)
    return { kind: 'error', message: 'ink-mcp: --port is for --attach (headless mode serves on stdio).' };
  const record = env[ENV.record];
  if (record !== undefined) {
    if (attach)
      return {
        kind: 'error',
        message:
          'ink-mcp: --record records a headless session (the agent starts the app); it does not work with --attach.',
      };
    if (record === '') return { kind: 'error', message: 'ink-mcp: --record needs a file name.' };
    // The app may run in another folder: the file is where the person meant, from here.
    env[ENV.record] = resolve(record);
    env[ENV.recordCommand] = JSON.stringify(command);
  }
  env[ENV.mode] = attach ? 'attach' : 'stdio';
  const checked = readConfig(env);
  if (!checked.ok) {
    // Worded for the command line: the flag, not the variable it sets.
    let message = checked.message.replace('the app is not served: ', '');
    for (const [flag, name] of Object.entries(VALUED)) message = message.replaceAll(name, flag);
    return { kind: 'error', message };
  }
  return { kind: 'run', attach, ...(terminal ? { terminal } : {}), command, env };
}
