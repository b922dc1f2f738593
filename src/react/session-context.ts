import { createContext } from 'react';

/** What a `useMcpTools` call needs from the nearest `<McpSession>`. */
export interface SessionLink {
  /**
   * A commit rendered a tool component. React skips Ink's commit hook when no host node changed
   * (a component that renders `null` changed its tools), so the hook's effect reports it instead.
   */
  committed(): void;
}

/** Provided by `<McpSession>`; `null` outside one (the hook then declares nothing anyone reads). */
export const SessionContext = createContext<SessionLink | null>(null);
SessionContext.displayName = 'InkMcpSession';
