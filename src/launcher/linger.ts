import type { Relay } from './relay.js';

/**
 * Once the app is gone before the client heard why (it never started, or exited at once): how long
 * the launcher keeps answering (the opening, then each request with the reason) unless the input ends.
 */
const LINGER_MS = 10_000;

/**
 * The app is gone: until the client has heard why (or its input ends, or LINGER_MS passed), the
 * launcher stays, answering its opening and then each request with the reason. A client that
 * starts a command that does not exist gets that error, not a process gone before `initialize`.
 */
export async function linger(relay: Relay, inputGone: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    relay.toldWhy(),
    inputGone,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LINGER_MS);
    }),
  ]);
  clearTimeout(timer);
}
