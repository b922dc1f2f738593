import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HttpEndpoint } from '../server/http-server.js';
import { errorText } from '../util/text.js';

/** How to connect, for a person to paste: the URL, the token, a Claude Code line and a JSON config. */
export function describeConnection(
  sessionId: string,
  endpoint: HttpEndpoint,
  file: string | undefined,
): string {
  const header = `Authorization: Bearer ${endpoint.token}`;
  const config = {
    mcpServers: {
      [sessionId]: {
        type: 'http',
        url: endpoint.url,
        headers: { Authorization: `Bearer ${endpoint.token}` },
      },
    },
  };
  return [
    `ink-mcp: session "${sessionId}" is served at ${endpoint.url}`,
    `  token: ${endpoint.token}`,
    `  Claude Code: claude mcp add --transport http ${sessionId} ${endpoint.url} --header "${header}"`,
    `  JSON config: ${JSON.stringify(config)}`,
    ...(file ? [`  (also written to ${file})`] : []),
    '',
  ].join('\n');
}

/** The user's runtime directory (private, cleared at logout) or else their state directory. */
export function connectionDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'ink-mcp');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'ink-mcp');
}

/**
 * Writes the connection details where tools (and people) can find them, readable by the user only.
 * Returns the file and its removal; undefined when it could not be written (reported, not fatal).
 */
export function writeConnectionFile(
  dir: string,
  sessionId: string,
  endpoint: HttpEndpoint,
): { file: string; remove: () => void } | { error: string } {
  const file = join(dir, `${sessionId}-${process.pid}.json`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const body = { session: sessionId, pid: process.pid, url: endpoint.url, token: endpoint.token };
    writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    return {
      error: `ink-mcp: could not write ${file}: ${errorText(error)}`,
    };
  }
  return { file, remove: () => rmSync(file, { force: true }) };
}
