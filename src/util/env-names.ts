import { SCREENSHOTS_ENV } from './screenshots-env.js';

/**
 * The environment variables the launcher sets and the preload reads (documented in the README), named
 * once: the launcher's configuration (src/launcher/config.ts), the recording's settings
 * (src/util/recording.ts), `renderMcp` and `launchHeadless` read them by these names.
 */
export const ENV = {
  mode: 'INK_MCP_MODE',
  session: 'INK_MCP_SESSION',
  socket: 'INK_MCP_SOCKET',
  /** The launcher's stdin for the app, as `device:inode` (app-stdin.ts): not a setting. */
  stdin: 'INK_MCP_STDIN',
  port: 'INK_MCP_PORT',
  columns: 'INK_MCP_COLUMNS',
  rows: 'INK_MCP_ROWS',
  builtinTools: 'INK_MCP_BUILTIN_TOOLS',
  screenshots: SCREENSHOTS_ENV,
  keyEffects: 'INK_MCP_KEY_EFFECTS_MS',
  surface: 'INK_MCP_SURFACE',
  answerBlocks: 'INK_MCP_ANSWER_BLOCKS',
  token: 'INK_MCP_TOKEN',
  record: 'INK_MCP_RECORD',
  recordCommand: 'INK_MCP_RECORD_COMMAND',
} as const;
