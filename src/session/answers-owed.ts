/**
 * Answers owed when a session or the server stops: the one timing rule of every way down. A call
 * already running is answered with what it did (a key that made the app exit: its result and the
 * last screen) if its handler returns within `STOP_GRACE_MS`, and as "stopped while running"
 * otherwise (src/session/dispatcher.ts). The server, or the app's composition root, then waits at
 * most `OWED_ANSWER_GRACE_MS` for the running calls (`Hub.drain`) and again for their answers to be
 * written (src/server/create-mcp-server.ts close, src/render/serve-app.ts stop), before it closes.
 */
export const OWED_ANSWER_GRACE_MS = 2_000;

/** How long a running handler may still take once its session stopped: half the grace, so its answer is written within it. */
export const STOP_GRACE_MS = OWED_ANSWER_GRACE_MS / 2;
