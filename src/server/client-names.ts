/**
 * Which MCP clients get `portable` tool names (no dots) when `nameStyle` is `'auto'`. The one place
 * that knows clients by name: matched case-insensitively against `clientInfo.name` from the
 * initialize request, as a substring, because bridges decorate the name (mcp-remote appends
 * " (via mcp-remote x.y.z)").
 *
 * Evidence (docs/internals.md, "What MCP clients accept as tool names", from the clients' public
 * issue trackers):
 * - reject a dotted name, and with it the whole server: Claude Desktop / claude.ai
 *   (`^[a-zA-Z0-9_-]{1,64}$`), Codex (`^[a-zA-Z0-9_-]+$`), GitHub Copilot CLI
 *   (`^[a-zA-Z0-9_-]{1,128}$`), Cursor, Windsurf;
 * - rewrite dots to `_` themselves: Claude Code (so `a.b_c` and `a_b.c` collide there) and VS Code
 *   (warns, remaps). They get portable names too: our portable names are what they would list anyway,
 *   except that ours never collide.
 */
const PORTABLE_CLIENTS: readonly { pattern: RegExp; why: string }[] = [
  // Claude Desktop and claude.ai send "claude-ai"; Claude Code sends "claude-code".
  { pattern: /claude/, why: 'Claude Desktop/claude.ai reject dots; Claude Code rewrites them to _' },
  // Codex CLI's MCP client ("codex-mcp-client").
  { pattern: /codex/, why: 'Codex rejects names outside ^[a-zA-Z0-9_-]+$' },
  { pattern: /copilot/, why: 'GitHub Copilot CLI rejects names outside ^[a-zA-Z0-9_-]{1,128}$' },
  // Cursor sends "cursor-vscode": matched here before the VS Code rule below.
  { pattern: /cursor/, why: 'Cursor rejects dotted names' },
  { pattern: /windsurf|codeium/, why: 'Windsurf rejects dotted names' },
  { pattern: /visual studio code|vscode|vs code/, why: 'VS Code warns about dotted names and remaps them' },
];

/**
 * Why the client named `clientName` should be listed portable names (under `nameStyle: 'auto'`), or
 * undefined when dotted names suit it.
 */
export function portableNameReason(clientName: string | undefined): string | undefined {
  if (typeof clientName !== 'string') return undefined;
  const name = clientName.toLowerCase();
  return PORTABLE_CLIENTS.find(({ pattern }) => pattern.test(name))?.why;
}

export function prefersPortableNames(clientName: string | undefined): boolean {
  return portableNameReason(clientName) !== undefined;
}
