/** After the end of input: the app has this long to finish on its own before the process exits. */
const EXIT_GRACE_MS = 3_000;

/**
 * A process the preload serves (its Ink by module, or in terminal mode) ends with its agent: once
 * the input has ended and the server stopped, the app has a little while to finish on its own, then
 * the process exits 0.
 */
export function exitAfterInput(ended: Promise<void> | undefined, stopped: Promise<void>): void {
  void ended?.then(() => stopped).then(() => setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref());
}
