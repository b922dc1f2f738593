import type { McpServerHandle } from '../server/create-mcp-server.js';
import type { HttpEndpoint, ListenOptions } from '../server/http-server.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import { connectionDir, describeConnection, writeConnectionFile } from './connection-info.js';

export interface AnnounceOptions extends ListenOptions {
  /** Where the connection file goes; `false` writes none. @default connectionDir() */
  connectionDir?: string | false;
  stderr: NodeJS.WriteStream;
  logger: Logger;
}

export interface Announced {
  endpoint: HttpEndpoint;
  /** The connection file written, if any. */
  file?: string;
  /** Removes the connection file (the token must not outlive the server). */
  remove(): void;
}

/**
 * Serves over Streamable HTTP and says how to connect: on stderr (never on stdout, never inside the
 * UI) and in a file readable by the user only.
 */
export async function listenAndAnnounce(
  server: McpServerHandle,
  sessionId: string,
  options: AnnounceOptions,
): Promise<Announced> {
  const endpoint = await server.listen({
    ...defined({ port: options.port, host: options.host }),
  });
  const dir = options.connectionDir === undefined ? connectionDir() : options.connectionDir;
  const written = dir === false ? undefined : writeConnectionFile(dir, sessionId, endpoint);
  if (written && 'error' in written) options.logger.warn(written.error);
  const file = written && 'file' in written ? written : undefined;
  options.stderr.write(describeConnection(sessionId, endpoint, file?.file));
  return { endpoint, ...(file ? { file: file.file } : {}), remove: () => file?.remove() };
}
