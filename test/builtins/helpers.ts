import type { Client } from '@modelcontextprotocol/client';

/** The tools a client lists, by canonical name (`session.widget.action`) whatever the name style. */
export async function listed(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => canonical(tool.name));
}

/** Listed names may be portable (`app_keyboard_press`); the built-ins' canonical form has dots. */
function canonical(name: string): string {
  return name.includes('.') ? name : name.replace(/^([^_]+)_(keyboard|screen|focus)_(.+)$/, '$1.$2.$3');
}

/** All text content of a call result, joined. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((item) => item.text ?? '').join('\n');
}
