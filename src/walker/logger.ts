import type { Logger } from './types.js';

/** The default logger: stderr only, because stdout carries protocol messages or Ink's frames. */
export const stderrLogger: Logger = Object.freeze<Logger>({
  warn: (message) => process.stderr.write(`${message}\n`),
  info: (message) => process.stderr.write(`${message}\n`),
  error: (message) => process.stderr.write(`${message}\n`),
});
