/** A terminal that hung up fails writes with EIO, a closed pipe with EPIPE: the output is gone, not wrong. */
const GONE = new Set(['EIO', 'EPIPE', 'ERR_STREAM_DESTROYED']);

const guarded = new WeakSet<NodeJS.EventEmitter>();

/**
 * Without an error listener, a failed write crashes the process (`write EIO` when the terminal hangs
 * up); the process ends by its signal instead. Any other error is thrown as before. Kept for the
 * stream's life (once per stream): the last frame's write fails after the app has unmounted.
 */
export function ignoreGoneTerminal(stream: NodeJS.EventEmitter): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!GONE.has(error.code ?? '')) throw error;
  });
}
