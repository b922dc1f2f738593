/** Where warnings go. Never stdout: stdout belongs to the protocol (stdio) or to Ink's frames. */
export interface Logger {
  warn(message: string): void;
  info?(message: string): void;
  error?(message: string): void;
}

/** The default logger: stderr only, because stdout carries protocol messages or Ink's frames. */
export const stderrLogger: Logger = Object.freeze<Logger>({
  warn: (message) => process.stderr.write(`${message}\n`),
  info: (message) => process.stderr.write(`${message}\n`),
  error: (message) => process.stderr.write(`${message}\n`),
});
