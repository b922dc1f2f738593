import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useMcpTools } from '../../src/index.js';
import { shownArgs } from '../../src/registry/shown-text.js';
import { renderHeadless } from '../../src/testing/index.js';

function Files() {
  useMcpTools('files', {
    remove: {
      annotations: { destructiveHint: true },
      // Opted out of the refusal of invisible characters (issue #39): what the question shows of
      // such text, escaped, is what these tests check.
      inputSchema: z.object({ name: z.string().meta({ 'x-ink-mcp-allow-control': true }) }),
      run: ({ name }) => `removed ${name.length} characters of name`,
    },
  });
  return <Text>files</Text>;
}

/** Headless, asking the client's user through elicitation: the questions asked, approved. */
async function asked(args: Record<string, unknown>): Promise<string[]> {
  const app = await renderHeadless(<Files />, {
    authorize: () => 'ask',
    includeScreen: false,
    clientCapabilities: { elicitation: {} },
  });
  const messages: string[] = [];
  try {
    app.client.setRequestHandler('elicitation/create', (request) => {
      messages.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    await app.waitForSync();
    const result = await app.client.callTool({ name: 'app.files.remove', arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  } finally {
    await app.unmount();
  }
  return messages;
}

describe('the elicitation question shows what runs (issue #28, item 4)', () => {
  it('shows the arguments escaped: bidi, zero-width and other invisible characters as \\u escapes', async () => {
    const args = { name: 'invoice_\u202Efdp.exe\u200B\u2066x\u2069\uFEFF' };
    const [message] = await asked(args);
    expect(message).toContain(`with ${shownArgs(args)}.`);
    expect(message).toContain('"invoice_\\u202Efdp.exe\\u200B\\u2066x\\u2069\\uFEFF"');
    expect(message).not.toMatch(/[\u202E\u200B\u2066\u2069\uFEFF]/);
  });

  it('never cuts the arguments: 990 shown characters are all in the question (it was cut at 500)', async () => {
    const args = { name: `${'a'.repeat(600)}${'z'.repeat(379)}` };
    expect(shownArgs(args).length).toBe(990);
    const [message] = await asked(args);
    expect(message).toContain(`with ${shownArgs(args)}. Allow this one call?`);
    expect(message).not.toContain('…');
  });
});
