import type { BuiltinHost } from '../../src/react/builtins/host.js';
import { keyboardProvider } from '../../src/react/builtins/keyboard-tools.js';
import { screenProvider } from '../../src/react/builtins/screen-tools.js';
import type { ToolDef, ToolProvider } from '../../src/walker/types.js';

export const providerA: ToolProvider = { mcpTools: () => [] };
export const providerB: ToolProvider = { mcpTools: () => [] };

/** A ToolDef as the walker would derive it; `definitionKey` follows the listed fields. */
export function toolDef(
  sessionId: string,
  widgetId: string,
  action: string,
  overrides: Partial<ToolDef> = {},
): ToolDef {
  const description = overrides.description ?? `${action} ${widgetId}`;
  const inputSchema = overrides.inputSchema ?? { type: 'object', properties: {} };
  const annotations = overrides.annotations ?? {};
  return {
    name: `${sessionId}.${widgetId}.${action}`,
    description,
    inputSchema,
    annotations,
    sessionId,
    widgetId,
    action,
    provider: providerA,
    derived: true,
    spec: { name: action, run: () => 'ok' },
    node: { type: 'X', id: widgetId, attrs: {}, children: [] },
    definitionKey: JSON.stringify([description, inputSchema, annotations]),
    ...overrides,
  };
}

/** The built-in keyboard and screen tools' specs (their schemas do not depend on the host). */
export function builtinSpecs() {
  const node = { type: 'x', id: 'x', attrs: {}, children: [] };
  return [keyboardProvider({} as BuiltinHost), screenProvider({} as BuiltinHost)].flatMap((p) =>
    p.mcpTools({}, node),
  );
}
