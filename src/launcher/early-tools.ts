import { stableCatalog } from '../walker/builtin-catalog.js';
import { isId } from '../walker/ids.js';
import { sessionToolName, underscored } from '../walker/tool-name.js';

/**
 * The `tools/list` answer a stdio server will give once its app has rendered, made without loading
 * the app, React, Ink or the SDK, so that a client's first listing is answered in a blink too. Only
 * the stable surface allows it: its list is a function of the session id and whether the session has
 * the built-in tools (src/server/stable-surface.ts, `StableListing`), never of what is on screen.
 * These lines mirror how the server lists a tool (src/server/list-tools.ts, `listTools`, and the
 * portable names of src/server/tool-names.ts), which the launcher may not import (test/layers.test.ts);
 * test/launcher/early-tools.test.ts compares this answer with the real server's, field for field, so
 * the two cannot drift apart unnoticed.
 */

/** One tool as `tools/list` shows it (JSON). */
export interface EarlyTool {
  name: string;
  inputSchema: Record<string, unknown>;
  description?: string;
  annotations?: Record<string, unknown>;
}

export interface EarlyToolsOptions {
  /** The one session the app renders first. */
  session: string;
  /** Whether the session offers the built-in keyboard, screen and focus tools. */
  builtinTools: boolean;
  /** Whether it offers `screen.screenshot` too (with the built-ins). @default false */
  screenshots?: boolean;
  /** How names are listed (createMcpServer's `nameStyle`; `'auto'` is portable). */
  nameStyle?: 'dotted' | 'portable' | 'auto';
}

/**
 * The tools of a server whose only tools will be `session`'s on the stable surface, as listed; or
 * `undefined` when the list cannot be known before the app runs (a session id the walker refuses,
 * whose listing the server decides on its own).
 */
export function earlyTools(options: EarlyToolsOptions): EarlyTool[] | undefined {
  const { session, builtinTools, screenshots = false, nameStyle } = options;
  if (!isId(session)) return undefined;
  return stableCatalog(builtinTools, screenshots).map((entry) => {
    const canonical = sessionToolName(session, entry.name);
    // A valid session id (≤ 32 characters) and the catalog's names stay within the 64 characters of a
    // portable name and never collide once dots become `_`: no hash suffix is ever needed here.
    const tool: EarlyTool = {
      name: nameStyle === 'dotted' ? canonical : underscored(canonical),
      inputSchema: entry.inputSchema as Record<string, unknown>,
      description: entry.description,
    };
    if (Object.keys(entry.annotations).length > 0) tool.annotations = { ...entry.annotations };
    return tool;
  });
}
