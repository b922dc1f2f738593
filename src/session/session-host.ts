import type { Session } from './session.js';

/** What a session is attached to (the MCP server handle). Returns the detach function. */
export interface SessionHost {
  attach(session: Session): () => void;
}
