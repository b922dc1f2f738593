/**
 * `INK_MCP_SCREENSHOTS`: `1` turns on `screen.screenshot` where no option says otherwise (the
 * launcher, the preload, `renderMcp`, `startMcp`); `0`, empty or unset leaves it off. One reading
 * for every place that decides it, so that an early tool list and the server's agree.
 */
export const SCREENSHOTS_ENV = 'INK_MCP_SCREENSHOTS';

/** Whether the variable turns screenshots on, or the value it has when that is neither `0` nor `1`. */
export function screenshotsFromEnv(
  env: NodeJS.ProcessEnv,
): { ok: true; on: boolean } | { ok: false; value: string } {
  const raw = env[SCREENSHOTS_ENV];
  if (raw === undefined || raw === '' || raw === '0') return { ok: true, on: false };
  if (raw === '1') return { ok: true, on: true };
  return { ok: false, value: raw };
}

/** The same, for a place that cannot refuse to start: an invalid value leaves screenshots off. */
export function screenshotsOnByEnv(env: NodeJS.ProcessEnv): boolean {
  const read = screenshotsFromEnv(env);
  return read.ok && read.on;
}
