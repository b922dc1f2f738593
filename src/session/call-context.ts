import type { Confirm, ConfirmOutcome } from '../registry/authorize.js';

/**
 * One call's facts, made once where the call arrives (the server makes one per tools/call request;
 * a direct `Hub.call` passes its own) and handed down by reference: the hub, the session's
 * dispatcher and the handler's `CallInfo` each read what they need from this one object, and none
 * copies it into another. Read-only below the maker.
 */
export interface CallContext {
  readonly client?: { name: string; version?: string } | undefined;
  /** Asks a person when the authorizer answers 'ask' (the server supplies it per call). */
  readonly confirm?: Confirm | undefined;
  /**
   * The caller gave up on the call (the MCP request was cancelled): a call still queued never runs
   * and answers `cancelled`; a running call's `CallInfo.signal` aborts.
   */
  readonly signal?: AbortSignal | undefined;
  /** Ends the HTTP stream of the call's answer (CallInfo.closeStream), when the transport can resume it. */
  readonly closeStream?: (() => void) | undefined;
  /** Told how a question this call asked ended. */
  readonly onConsent?: ((outcome: ConfirmOutcome) => void) | undefined;
}
