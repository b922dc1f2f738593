/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The Ink app `npm run conformance` serves: the tools the official conformance suite calls, declared
 * as widgets. Listed portable names are `session_widget_action`, so session `test`, widget `simple`,
 * action `text` is listed as `test_simple_text`, the name the suite calls.
 */
import { Text } from 'ink';
import type { ReactElement } from 'react';
import { type McpServerHandle, McpSession, type ServerToolInput, useMcpTools } from '../src/index.js';

/**
 * `test_reconnection` (conformance: server-sse-polling, SEP-1699): a server-level tool, so it is listed
 * under exactly that name. It closes its own SSE stream before it answers, as a long call may, and the
 * client gets the answer by resuming the stream with Last-Event-ID. A client that cannot resume (no
 * `closeStream`) gets it on the open stream.
 */
export const reconnectionTool: ServerToolInput = {
  name: 'test_reconnection',
  description: 'Closes its SSE stream mid-call, then answers (conformance: server-sse-polling).',
  run: (_args, call) => {
    call.closeStream?.();
    return call.closeStream ? 'Answered after the stream was closed' : 'Answered on the open stream';
  },
};

/** The `tools-call-*` fixtures of the suite (session `test`). */
function TestTools(): ReactElement {
  useMcpTools('simple', {
    text: {
      description: 'Returns simple text (conformance: tools-call-simple-text).',
      run: () => 'This is a simple text response for testing.',
    },
  });
  useMcpTools('error', {
    handling: {
      description: 'Always fails (conformance: tools-call-error).',
      run: () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    },
  });
  return <Text>conformance fixture</Text>;
}

/** `json_schema_2020_12_tool`: 2020-12 keywords must reach the listing unchanged (session `json`). */
function SchemaTool(): ReactElement {
  useMcpTools('schema_2020_12', {
    tool: {
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
        },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      },
      run: (args) => `got ${JSON.stringify(args)}`,
    },
  });
  return <Text>schema fixture</Text>;
}

export function ConformanceApp({ server }: { server: McpServerHandle }): ReactElement {
  return (
    <>
      <McpSession id="test" server={server}>
        <TestTools />
      </McpSession>
      <McpSession id="json" server={server}>
        <SchemaTool />
      </McpSession>
    </>
  );
}
