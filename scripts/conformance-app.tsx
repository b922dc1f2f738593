/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The Ink app `npm run conformance` serves: the tools the official conformance suite calls, declared
 * as widgets. Listed portable names are `session_widget_action`, so session `test`, widget `simple`,
 * action `text` is listed as `test_simple_text`, the name the suite calls.
 */
import { Text } from 'ink';
import { type ReactElement, useState } from 'react';
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

/**
 * `json_schema_2020_12_tool` (session `json`): the suite's schema, which must reach the listing with
 * its 2020-12 keywords intact: `$schema`, `$defs` (with an `$anchor`), `additionalProperties`
 * (SEP-1613), and the composition and conditional keywords `allOf`/`anyOf`, `if`/`then`/`else`
 * (SEP-2106, checked from protocol 2026-07-28 on).
 */
function SchemaTool(): ReactElement {
  useMcpTools('schema_2020_12', {
    tool: {
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'addressDef',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: {
          name: { type: 'string' },
          address: { $ref: '#/$defs/address' },
          contactMethod: { type: 'string', enum: ['phone', 'email'] },
          phone: { type: 'string' },
          email: { type: 'string' },
        },
        allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
        if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
        // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a plain schema object
        then: { required: ['phone'] },
        else: { required: ['email'] },
        additionalProperties: false,
      },
      run: (args) => `got ${JSON.stringify(args)}`,
    },
  });
  return <Text>schema fixture</Text>;
}

/**
 * The suite's `input_required` tools that ink-mcp's own multi round-trip covers (session `test`,
 * widget `input_required_result`): sensitive actions, so a 2026-07-28 call is answered
 * `input_required` with ink-mcp's approval question and an HMAC-sealed `requestState`
 * (src/server/in-band-consent.ts), and runs once the client answers yes with that state. The
 * suite's other input_required tools ask questions of their own (a name, sampling, roots), which an
 * ink-mcp action cannot ask (scripts/conformance.tsx lists them as not applicable).
 */
function InputRequiredTools(): ReactElement {
  const approved = () => 'Approved: the action ran.';
  useMcpTools('input_required_result', {
    elicitation: {
      description: 'Needs a person’s approval (conformance: input-required-result-result-type, …).',
      annotations: { sensitive: true },
      run: approved,
    },
    tampered_state: {
      description: 'Needs a person’s approval (conformance: input-required-result-tampered-state).',
      annotations: { sensitive: true },
      run: approved,
    },
  });
  return <Text>input_required fixture</Text>;
}

/** A widget that comes and goes with `test_trigger_tool_change`. */
function Extra(): ReactElement {
  useMcpTools('extra', {
    wave: { description: 'Is there while the trigger has it shown.', run: () => 'hi' },
  });
  return <Text>extra widget</Text>;
}

/**
 * `test_trigger_tool_change` (conformance: server-stateless, SEP-2575): shows or hides a widget, so
 * the tool list (the widgets surface's) really changes, and a 2026-07-28 `subscriptions/listen`
 * stream that asked for `toolsListChanged` hears it, while one that did not, does not.
 */
function TriggerTools(): ReactElement {
  const [shown, setShown] = useState(false);
  useMcpTools('trigger', {
    tool_change: {
      description: 'Adds or removes a widget, and so a tool (conformance: server-stateless).',
      run: () => setShown((s) => !s),
    },
  });
  return shown ? <Extra /> : <Text>no extra widget</Text>;
}

export function ConformanceApp({ server }: { server: McpServerHandle }): ReactElement {
  return (
    <>
      <McpSession id="test" server={server}>
        <TestTools />
        <InputRequiredTools />
        <TriggerTools />
      </McpSession>
      <McpSession id="json" server={server}>
        <SchemaTool />
      </McpSession>
    </>
  );
}
