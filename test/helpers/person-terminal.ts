/**
 * What tests of a person's real terminal (a pty, tmux) share: the environment of one, and waiting on
 * what it shows.
 */

/**
 * The environment of a person's terminal: without CI markers (Ink draws only the last frame when it
 * believes it runs in CI) and without the tmux a test may itself run inside.
 */
export function terminalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_'))
      continue;
    if (key === 'TMUX' || key === 'TMUX_PANE') continue;
    env[key] = value;
  }
  return env;
}

/** Resolves once `check()` holds, polling every 25 ms; after `withinMs` fails with `what` and the output. */
export async function waitForOutput(
  check: () => boolean,
  what: string,
  output: () => string,
  withinMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}; output:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
