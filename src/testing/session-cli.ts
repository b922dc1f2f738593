import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseRecording, type Recording } from '../util/recording.js';
import { errorText } from '../util/text.js';
import { exportTest } from './export-test.js';
import { replayRecording } from './replay.js';

export const SESSION_USAGE = `Usage:
  ink-mcp export-test <file> --out <test file>   write a vitest test that replays a recording
  ink-mcp replay <file> [-- <command> [args…]]    replay a recording against the app (default: the
                                                  recorded command, in the recorded folder); exit 0
                                                  when every step matches, 1 with the first
                                                  difference on stderr

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
    try {
      writeFileSync(testFile, exportTest(read.recording, { testFile, source: basename(file) }));
    } catch (error) {
      io.err(
        `ink-mcp export-test: cannot write ${JSON.stringify(out)}: ${errorText(error)}. Give a file in a folder that exists.\n`,
      );
      return 1;
    }
    io.out(
      `ink-mcp: wrote ${out} (${read.recording.calls.length} steps). Run it with: npx vitest run ${out}\n`,
    );
    return 0;
  }
  if (flags.length > 0) return usage(`ink-mcp replay: unknown option ${JSON.stringify(flags[0])}.`);
  if (appCommand !== undefined && appCommand.length === 0)
    return usage(
      "ink-mcp replay: no command after --: give the app's command, or leave -- out to run the recorded one.",
    );
  // The recorded command runs where it was recorded (its paths are relative to there); one given
  // here runs here.
  const result = await replayRecording(
    read.recording,
    appCommand ? { command: appCommand } : { cwd: read.recording.header.cwd },
  );
  if (result.ok) {
    io.out(`ink-mcp replay: all ${result.steps} steps match.\n`);
    return 0;
  }
  io.err(`${result.message}\n`);
  return 1;
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
