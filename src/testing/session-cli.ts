import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import {
  parseRecording,
  RECORDED_SETTINGS,
  type Recording,
  type RecordingHeader,
  recordedSettings,
} from '../util/recording.js';
import { sourceLiteral } from '../util/source-literal.js';
import { errorText } from '../util/text.js';
import { exportTest } from './export-test.js';
import { replayRecording } from './replay.js';

export const SESSION_USAGE = `Usage:
  ink-mcp export-test <file> --out <test file>   write a vitest test that replays a recording
  ink-mcp replay <file> -- <command> [args…]      replay a recording against the app you name
                                                  (here, with only the recording's ink-mcp settings)
  ink-mcp replay <file> --run-recorded            replay it against the command the recording says,
                                                  in its folder, with its environment (shown first:
                                                  only for a recording you trust)
  Replay exits 0 when every step matches, 1 with the first difference on stderr.

Record a session with: ink-mcp --record <file> -- <command> [args…]
`;

type Io = { out: (text: string) => void; err: (text: string) => void };

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** `ink-mcp export-test …` and `ink-mcp replay …`: the exit code (2 for a wrong command line). */
export async function sessionCommand(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  const dash = rest.indexOf('--');
  const own = dash === -1 ? rest : rest.slice(0, dash);
  const appCommand = dash === -1 ? undefined : rest.slice(dash + 1);
  const usage = (message: string) => {
    io.err(`${message}\n\n${SESSION_USAGE}`);
    return 2;
  };
  if (own.includes('-h') || own.includes('--help')) {
    io.out(SESSION_USAGE);
    return 0;
  }
  const [file, ...flags] = own;
  if (file === undefined || file.startsWith('-'))
    return usage(`ink-mcp ${command}: which recording? Give its file first.`);
  const read = readRecording(file);
  if (!read.ok) {
    io.err(`${read.message}\n`);
    return 1;
  }
  if (read.recording.calls.length === 0) {
    io.err(
      `ink-mcp ${command}: ${file} has no calls: there is nothing to ${command === 'replay' ? 'replay' : 'test'}. Record a session in which the agent calls a tool.\n`,
    );
    return 1;
  }
  if (command === 'export-test') {
    const at = flags.indexOf('--out');
    const out = at === -1 ? flags.find((f) => f.startsWith('--out='))?.slice('--out='.length) : flags[at + 1];
    if (!out) return usage('ink-mcp export-test: where should the test go? Give --out <test file>.');
    const unknown = flags.filter((f, i) => f !== '--out' && i !== at + 1 && !f.startsWith('--out='));
    if (unknown.length > 0)
      return usage(`ink-mcp export-test: unknown option ${JSON.stringify(unknown[0])}.`);
    const testFile = resolve(out);
    const source = exportTest(read.recording, { testFile, source: basename(file) });
    try {
      writeFileSync(testFile, source);
    } catch (error) {
      io.err(
        `ink-mcp export-test: cannot write ${JSON.stringify(out)}: ${errorText(error)}. Give a file in a folder that exists.\n`,
      );
      return 1;
    }
    const { header } = read.recording;
    const { dropped } = recordedSettings(header.launch.env);
    io.out(
      `ink-mcp: wrote ${out} (${read.recording.calls.length} steps). It runs ${shown(header.launch.command)}; read it before you run it: npx vitest run ${out}\n`,
    );
    if (dropped.length > 0) io.err(droppedNote(dropped, 'The test does not set'));
    return 0;
  }
  const runRecorded = flags.includes(RUN_RECORDED);
  const unknown = flags.filter((f) => f !== RUN_RECORDED);
  if (unknown.length > 0) return usage(`ink-mcp replay: unknown option ${JSON.stringify(unknown[0])}.`);
  if (appCommand !== undefined && appCommand.length === 0)
    return usage(
      `ink-mcp replay: no command after --: give the app's command, or ${RUN_RECORDED} to run the recorded one.`,
    );
  const { header } = read.recording;
  if (appCommand !== undefined && runRecorded)
    return usage(`ink-mcp replay: give either a command after -- or ${RUN_RECORDED}, not both.`);
  if (appCommand === undefined) {
    // A recording is a file anyone can have written: what it says to run, where and with what
    // environment is shown, and runs only when asked for by name.
    io.err(recordedLaunch(file, header, runRecorded));
    if (!runRecorded) return 2;
  }
  const { kept, dropped } = recordedSettings(header.launch.env);
  if (appCommand !== undefined && dropped.length > 0)
    io.err(droppedNote(dropped, 'Not applied to your command:'));
  // The recorded command runs where it was recorded (its paths are relative to there), with the
  // environment it shows; one given here runs here, with only ink-mcp's own recorded settings.
  const result = await replayRecording(
    read.recording,
    appCommand ? { command: appCommand, env: kept } : { cwd: header.cwd, env: header.launch.env },
  );
  if (result.ok) {
    io.out(`ink-mcp replay: all ${result.steps} steps match.\n`);
    return 0;
  }
  io.err(`${result.message}\n`);
  return 1;
}

/** The flag that lets a replay run the command a recording names (shown first). */
export const RUN_RECORDED = '--run-recorded';

/** A recorded command as a person reads it: each argument quoted, nothing hidden. */
function shown(command: readonly string[]): string {
  return command.map((arg) => sourceLiteral(arg)).join(' ');
}

/** What a recording would run: the command, the folder, the environment; and how to choose. */
function recordedLaunch(file: string, header: RecordingHeader, running: boolean): string {
  const env = Object.entries(header.launch.env);
  const lines = [
    running
      ? `ink-mcp replay: running the command ${sourceLiteral(file)} was recorded with (${RUN_RECORDED}):`
      : `ink-mcp replay: ${sourceLiteral(file)} was recorded running the command below. A replay would run it again:`,
    `  command:     ${shown(header.launch.command)}${header.launch.preload ? ' (under the ink-mcp launcher)' : ''}`,
    `  folder:      ${sourceLiteral(header.cwd)}`,
    `  environment: ${env.length === 0 ? '(nothing added)' : env.map(([k, v]) => `${sourceLiteral(k)}=${sourceLiteral(v)}`).join(' ')}`,
  ];
  if (!running)
    lines.push(
      'Nothing was run. A recording can say anything: run it only if you trust where it came from,',
      `with: ink-mcp replay ${file} ${RUN_RECORDED}`,
      `Or replay it against your own command (without its environment): ink-mcp replay ${file} -- <command…>`,
    );
  return `${lines.join('\n')}\n`;
}

function droppedNote(dropped: readonly string[], lead: string): string {
  return `ink-mcp: ${lead} the recording's ${dropped.map((name) => sourceLiteral(name)).join(', ')} (a replay applies only ink-mcp's own settings: ${RECORDED_SETTINGS.join(', ')}).\n`;
}

function readRecording(file: string): { ok: true; recording: Recording } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      message: `ink-mcp: cannot read the recording ${JSON.stringify(file)}: ${errorText(error)}.`,
    };
  }
  return parseRecording(text, JSON.stringify(file));
}
