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
  cancel?: AbortSignal,
  closeStream?: () => void,
): Promise<DispatchResult> {
  const controller = new AbortController();
  const onCancel = () => controller.abort(cancel?.reason);
  cancel?.addEventListener('abort', onCancel, { once: true });
  const outcome = await runWithTimeout(
    () =>
      tool.run(args, {
        tool: tool.name,
        // A getter: Node creates the signal on first read, which costs more than a trivial call.
        get signal() {
          return controller.signal;
        },
        ...(client ? { client } : {}),
        ...(closeStream ? { closeStream } : {}),
      }),
    timeoutMs,
    controller,
  );
  cancel?.removeEventListener('abort', onCancel);
  if (outcome.ok) return { ok: true, value: outcome.value, added: [], removed: [] };
  const error =
    'timedOut' in outcome ? timedOut(tool.name, timeoutMs) : handlerError(tool.name, outcome.thrown);
  return { ok: false, fault: true, error };
}
