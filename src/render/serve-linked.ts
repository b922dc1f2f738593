import type { McpServerHandle } from '../server/create-mcp-server.js';
import type { ServeWiring } from './serve-wiring.js';

/** A transport the caller links (renderHeadless: in memory, to its own client): recorded if asked, then connected. */
export async function serveLinked(
  transport: Parameters<McpServerHandle['connect']>[0],
  wiring: Pick<ServeWiring, 'server' | 'recorder'>,
): Promise<void> {
  wiring.recorder?.tap(transport);
  await wiring.server.connect(transport);
}
