import type { ToolProvider } from './types.js';

/** Widget ids of every session's built-in tools (keyboard, screen, focus): no app widget may use one. */
export const RESERVED_WIDGET_IDS: ReadonlySet<string> = new Set(['keyboard', 'screen', 'focus']);

const BUILTIN = Symbol.for('ink-mcp/builtin-provider@1');

/** Marks a provider as ink-mcp's own built-in, the only kind allowed a reserved id. */
export function markBuiltin<P extends ToolProvider>(provider: P): P {
  Object.defineProperty(provider, BUILTIN, { value: true });
  return provider;
}

/** Recognised by a registered symbol, so two copies of ink-mcp in one app still agree. */
export function isBuiltinProvider(provider: unknown): boolean {
  return (
    typeof provider === 'object' &&
    provider !== null &&
    (provider as { [BUILTIN]?: unknown })[BUILTIN] === true
  );
}
