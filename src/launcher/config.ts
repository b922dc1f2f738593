import { defined } from '../util/defined.js';
import { ENV } from '../util/env-names.js';
import type { Serving } from '../util/reach.js';
import { screenshotsFromEnv } from '../util/screenshots-env.js';
import { sizeProblem, type TERMINAL_SIZE } from '../util/terminal-size.js';
import { MAX_ID_LENGTH } from '../walker/id-rule.js';
import { isId } from '../walker/ids.js';

/** A session id the launcher is given leaves room for a `_NN` suffix. */
const SESSION_BASE_LENGTH = MAX_ID_LENGTH - 4;

/** How the preload serves the app, read from the environment the launcher sets (documented in the README). */
export interface RegisterConfig {
  /**
   * Headless or attached (`INK_MCP_MODE`): `stdio`, MCP on stdio (or the launcher's socket); `attach`,
   * the real terminal, MCP over HTTP (src/util/reach.ts).
   */
  serving: Serving;
  /** The first session's id; later `render` calls get `<id>_2`, `<id>_3`, … */
  session: string;
  /** The launcher's relay socket (set by `ink-mcp`): serve there instead of on this process's stdio. */
  socket?: string;
  port?: number;
  columns?: number;
  rows?: number;
  builtinTools: boolean;
  /** Offer `screen.screenshot` (with the built-in tools). */
  screenshots: boolean;
  /** How long a key's answer waits for the short timers the key set in motion (`<McpSession keyEffectsMs>`). */
  keyEffectsMs?: number;
  /** Which tools are listed (createMcpServer's `surface`): the stable list, or a tool per widget action. */
  surface: 'stable' | 'widgets';
  /** How an answer is laid out (createMcpServer's `answerBlocks`): one text block, or a block per part. */
  answerBlocks: 'one' | 'many';
  token?: string;
  /** Record the session to this file (and `<file>.cast`): `ink-mcp --record`. */
  record?: string;
  /** The command the launcher ran, for the recording (replays start it again). */
  recordCommand?: string[];
}

export type ConfigResult = { ok: true; config: RegisterConfig } | { ok: false; message: string };

/** The variables, for messages and the usage text (named in src/util/env-names.ts). */
export { ENV };

export function readConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const problems: string[] = [];
  const mode = env[ENV.mode] ?? 'stdio';
  if (mode !== 'stdio' && mode !== 'attach')
    problems.push(`${ENV.mode} must be "stdio" or "attach", not ${JSON.stringify(mode)}`);
  const session = env[ENV.session] ?? 'app';
  // Room for the `_N` suffix of a second render (src/render/session-ids.ts).
  if (!isId(session) || session.length > SESSION_BASE_LENGTH)
    problems.push(
      `${ENV.session} must be 1-${SESSION_BASE_LENGTH} characters of [A-Za-z0-9_-], not ${JSON.stringify(session)}`,
    );
  const port = integer(env, ENV.port, 0, 65_535, problems);
  const columns = size(env, ENV.columns, 'columns', problems);
  const rows = size(env, ENV.rows, 'rows', problems);
  const keyEffectsMs = integer(env, ENV.keyEffects, 0, 5_000, problems);
  const builtin = env[ENV.builtinTools] ?? '1';
  if (builtin !== '0' && builtin !== '1') problems.push(`${ENV.builtinTools} must be 0 or 1`);
  const screenshots = screenshotsFromEnv(env);
  if (!screenshots.ok)
    problems.push(`${ENV.screenshots} must be 0 or 1, not ${JSON.stringify(screenshots.value)}`);
  const surface = oneOf(env, ENV.surface, ['stable', 'widgets'] as const, problems);
  const answerBlocks = oneOf(env, ENV.answerBlocks, ['one', 'many'] as const, problems);
  const recordCommand = commandList(env, ENV.recordCommand, problems);
  if (problems.length > 0)
    return { ok: false, message: `ink-mcp: the app is not served: ${problems.join('; ')}.` };
  return {
    ok: true,
    config: {
      serving: mode as Serving,
      session,
      builtinTools: builtin === '1',
      screenshots: screenshots.ok && screenshots.on,
      surface,
      answerBlocks,
      ...(env[ENV.socket] ? { socket: env[ENV.socket] } : {}),
      ...defined({ port, columns, rows, keyEffectsMs }),
      ...(env[ENV.token] ? { token: env[ENV.token] } : {}),
      ...(env[ENV.record] ? { record: env[ENV.record] } : {}),
      ...(recordCommand ? { recordCommand } : {}),
    },
  };
}

/** One of `choices` (the first is the default, for an unset or empty variable). */
function oneOf<const T extends readonly [string, ...string[]]>(
  env: NodeJS.ProcessEnv,
  name: string,
  choices: T,
  problems: string[],
): T[number] {
  const raw = env[name];
  if (raw === undefined || raw === '') return choices[0];
  const match = choices.find((choice) => choice === raw);
  if (match !== undefined) return match;
  problems.push(
    `${name} must be ${choices.map((c) => JSON.stringify(c)).join(' or ')}, not ${JSON.stringify(raw)}`,
  );
  return choices[0];
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(raw)}`);
    return undefined;
  }
  return value;
}

/** A terminal size from the environment, checked by the one size rule (terminal-size.ts). */
function size(
  env: NodeJS.ProcessEnv,
  name: string,
  dimension: keyof typeof TERMINAL_SIZE,
  problems: string[],
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  // Digits are read as a number; anything else ("1e3", "-5", " 80") is shown as given.
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
  const problem = sizeProblem(name, dimension, value);
  if (problem === undefined) return value as number;
  problems.push(problem);
  return undefined;
}

/** A JSON array of strings (the launcher's command, for the recording). */
function commandList(env: NodeJS.ProcessEnv, name: string, problems: string[]): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
      return value as string[];
  } catch {
    // Said below, as any other shape is.
  }
  problems.push(`${name} must be a JSON array of strings (the command), not ${JSON.stringify(raw)}`);
  return undefined;
}
