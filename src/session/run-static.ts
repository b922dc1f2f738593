import { handlerError, timedOut } from '../registry/call-error.js';
import type { StaticTool } from '../registry/registry.js';
import { runWithTimeout } from './run-with-timeout.js';
import type { DispatchResult } from './session.js';

/** Runs a tool that belongs to no session: no live resolution, no commit to wait for. */
export async function runStatic(
  tool: StaticTool,
  args: Record<string, unknown>,
  timeoutMs: number,
  client?: { name: string; version?: string },
): Promise<DispatchResult> {
  const outcome = await runWithTimeout(
    (signal) => tool.run(args, { tool: tool.name, signal, ...(client ? { client } : {}) }),
    timeoutMs,
  );
  if (outcome.ok) return { ok: true, value: outcome.value, added: [], removed: [] };
  const error =
    'timedOut' in outcome ? timedOut(tool.name, timeoutMs) : handlerError(tool.name, outcome.thrown);
  return { ok: false, fault: true, error };
}
