/** JSON-RPC error codes ink-mcp answers (MCP spec, "Error Handling"). */
export const RESOURCE_NOT_FOUND = -32002;
export const INTERNAL_ERROR = -32603;

/**
 * A JSON-RPC error the SDK answers with this `code` and this message, as it is. Not the SDK's McpError:
 * its message already starts with "MCP error <code>: ", and the SDK client adds that prefix again
 * when it raises the answer ("MCP error -32602: MCP error -32602: …"), so the code would be said twice.
 */
export class ProtocolError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
  }
}
