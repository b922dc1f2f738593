import { ActionError } from './action-error.js';
import { findProvider } from './find-provider.js';
import type { ToolProvider, TypeMap, ViewNode } from './types.js';

/**
 * Which widgets only a person may answer: the one rule behind "an agent's keys never answer a
 * confirmation" (issue #28). A widget is marked by its author — `useMcpTools(…, { personOnly: true })`
 * (`attrs.mcpPersonOnly`), a static `mcpPersonOnly` on the component, or an adapter's `personOnly` —
 * and while one is rendered the keyboard built-ins refuse to send keys. The widget's own actions
 * stay callable: the one that says yes is gated by its annotations, so the person is asked.
 */

/** Whether `node` is, as it is now, a question only a person may answer. A marker that throws counts as yes. */
export function isPersonOnly(node: ViewNode, provider: ToolProvider | null): boolean {
  if (node.attrs?.mcpPersonOnly === true) return true;
  if (typeof provider?.personOnly !== 'function') return false;
  try {
    return provider.personOnly(node.attrs, node) === true;
  } catch {
    // Fail closed: a marker that cannot say keeps the agent's keys away from the widget.
    return true;
  }
}

/** The first widget in `tree` only a person may answer, by its id (or its type when it has none). */
export function personOnlyWidget(tree: readonly ViewNode[], typeMap: TypeMap): string | undefined {
  const stack = [...tree].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isPersonOnly(node, findProvider(node, typeMap))) return node.id ?? node.type;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return undefined;
}

/**
 * The refusal an agent's keys get while `widget` is up; `sent` says what of the call's keys went out
 * before it came up ("no key was sent", "3 of 4 keys were sent …").
 */
export function personOnlyRefusal(widget: string, sent = 'no key was sent'): ActionError {
  return new ActionError(
    `ink-mcp: ${JSON.stringify(widget)} is a question only the person at the terminal may answer, ` +
      `and keys from an agent are not sent while it is up: ${sent}. ` +
      'Call its actions instead (the one that says yes asks the person first), or wait until it closes.',
  );
}
