import type { Hub } from '../session/hub.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import type { SecretNames } from '../util/secret-names.js';
import { prepareConnectionDir, watchSocketPath, writeWatchFile } from './connection-info.js';
import { listenForWatchers } from './watch-socket.js';

/** `INK_MCP_WATCH=0`: a headless app offers no watch socket. */
export const WATCH_ENV = 'INK_MCP_WATCH';

/**
 * Lets the person watch a headless app (`ink-mcp watch`): the watch socket and the connection file
 * naming it, both in the user's connection folder. A folder that is not safe, or a socket that cannot
 * be made, is said on stderr and the app is served unwatched. `remove` closes the socket and removes
 * both files (the process's `exit` removes the file too).
 */
export async function offerWatch(
  hub: Hub,
  sessionId: string,
  dir: string,
  options: { logger: Logger; secrets?: SecretNames },
): Promise<{ file: string; remove: () => void } | undefined> {
  const unsafe = prepareConnectionDir(dir);
  if (unsafe) {
    options.logger.info?.(`${unsafe.error} (The app is served; it cannot be watched with ink-mcp watch.)`);
    return undefined;
  }
  let socket: Awaited<ReturnType<typeof listenForWatchers>>;
  try {
    socket = await listenForWatchers({
      hub,
      path: watchSocketPath(dir, sessionId),
      logger: options.logger,
      ...defined({ secrets: options.secrets }),
    });
  } catch (error) {
    options.logger.info?.(
      `ink-mcp: no watch socket (${String(error)}): the app is served, and cannot be watched with ink-mcp watch.`,
    );
    return undefined;
  }
  const written = writeWatchFile(dir, sessionId, { socket: socket.path, token: socket.token });
  if ('error' in written) {
    options.logger.info?.(`${written.error} (The app cannot be watched with ink-mcp watch.)`);
    void socket.close();
    return undefined;
  }
  return {
    file: written.file,
    remove: () => {
      written.remove();
      void socket.close();
    },
  };
}
