import { handlerError, timedOut } from '../registry/call-error.js';
import type { StaticCallInfo, StaticTool } from '../registry/registry.js';
import { CallSignal } from './call-signal.js';
import { runWithTimeout } from './run-with-timeout.js';
import type { DispatchResult } from './session.js';

/** Runs a tool that belongs to no session: no live resolution, no commit to wait for. */
export async function runStatic(
  tool: StaticTool,
  args: Record<string, unknown>,
  timeoutMs: number,
  client?: { name: string; version?: string },
  cancel?: AbortSignal,
  closeStream?: () => void,
): Promise<DispatchResult> {
  // Aborted by the timeout or the caller's cancellation, made when the handler reads it.
  const signal = new CallSignal(cancel);
  const ran = runWithTimeout(
    () => tool.run(args, new StaticCall(tool.name, signal, client, closeStream)),
    timeoutMs,
    signal,
  );
  const outcome = ran instanceof Promise ? await ran : ran;
  signal.dispose();
  if (outcome.ok) return { ok: true, value: outcome.value, added: [], removed: [] };
  const error =
    'timedOut' in outcome ? timedOut(tool.name, timeoutMs) : handlerError(tool.name, outcome.thrown);
  return { ok: false, fault: true, error };
}

/** A static tool's `StaticCallInfo`: a class for its `signal` getter (see RunningCall). */
class StaticCall implements StaticCallInfo {
  readonly tool: string;
  declare readonly client?: { name: string; version?: string };
  declare readonly closeStream?: () => void;
  readonly #signal: CallSignal;

  constructor(
    tool: string,
    signal: CallSignal,
    client: { name: string; version?: string } | undefined,
    closeStream: (() => void) | undefined,
  ) {
    this.tool = tool;
    this.#signal = signal;
    const self = this as { client?: StaticCall['client']; closeStream?: StaticCall['closeStream'] };
    if (client) self.client = client;
    if (closeStream) self.closeStream = closeStream;
  }

  get signal(): AbortSignal {
    return this.#signal.signal;
  }
}
