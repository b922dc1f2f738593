// Ink writes no intermediate frames when it believes it runs in CI (it reads the environment once, at
// import). Attached mode is for a person's terminal, so this test hides CI markers before Ink loads.
const hidden = vi.hoisted(() => {
  const saved: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) {
    if (key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_')) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  }
  return saved;
});

import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Text, useInput } from 'ink';
import { useState } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryTerminal } from '../../src/react/memory-terminal.js';
import { useMcpTools } from '../../src/react/use-mcp-tools.js';
import { renderMcp } from '../../src/render/render-mcp.js';

afterAll(() => Object.assign(process.env, hidden));

/** A destructive action, a way for the agent to type, and a field showing what the app's keys got. */
function Vault() {
  const [typed, setTyped] = useState('');
  useInput((input) => setTyped((t) => t + input));
  useMcpTools('vault', {
    wipe: { annotations: { destructiveHint: true }, run: () => 'wiped' },
    type: {
      inputSchema: z.object({ text: z.string() }),
      run: ({ text }, call) => {
        call.input?.(text);
        return 'typed';
      },
    },
  });
  return <Text>the vault; typed: [{typed}]</Text>;
}

describe('attached mode (renderMcp over HTTP)', () => {
  it('prints how to connect before the first frame, and asks the person at the terminal (answered through stdin)', async () => {
    const terminal = createMemoryTerminal(100, 30);
    const order: string[] = [];
    let stderrText = '';
    const stderr = Object.assign(createMemoryTerminal().stderr, {
      write: (chunk: string) => {
        order.push('stderr');
        stderrText += chunk;
        return true;
      },
    });
    const stdoutWrite = terminal.stdout.write;
    terminal.stdout.write = (...args) => {
      order.push('stdout');
      return stdoutWrite(...args);
    };
    // Ink ≥ 7 draws frames only on a terminal; this stdout stands in for one.
    const stdout = Object.assign(terminal.stdout, { isTTY: true });
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-conn-'));
    const app = await renderMcp(<Vault />, {
      session: 'vault',
      transport: 'http',
      stdin: terminal.stdin as unknown as NodeJS.ReadStream,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: stderr as unknown as NodeJS.WriteStream,
      connectionDir: dir,
      authorize: () => 'ask',
      patchConsole: false, // vitest's console has no Console constructor for Ink to patch with
      logger: { warn: () => {} },
    });
    const client = new Client({ name: 'attached-test', version: '1' });
    try {
      const { url, token } = app.endpoint!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(order[0]).toBe('stderr');
      expect(order).toContain('stdout');
      expect(stderrText).toContain(
        `claude mcp add --transport http vault ${url} --header "Authorization: Bearer ${token}"`,
      );
      expect(stderrText).toContain('"mcpServers"');
      const file = app.connectionFile!;
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ session: 'vault', url, token });

      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const screen = async () => {
        const read = await client.readResource({ uri: 'ink://vault/screen' });
        return (read.contents[0] as { text: string }).text;
      };
      const answerWith = async (key: string) => {
        const pending = client.callTool({
          name: 'vault.vault.wipe',
          arguments: {},
        }) as Promise<CallToolResult>;
        // The question appears in the app; the person answers it with a key.
        for (let i = 0; i < 200 && !(await screen()).includes('An agent asks to run vault.vault.wipe'); i++) {
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(await screen()).toMatch(/Allow\? y\/N/);
        terminal.stdin.write(key);
        return pending;
      };

      // An agent typing "y" while its own question is open: the app gets the key, the question does not.
      const pending = client.callTool({ name: 'vault.vault.wipe', arguments: {} }) as Promise<CallToolResult>;
      for (let i = 0; i < 200 && !(await screen()).includes('An agent asks'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      // The question holds the session's one slot (issue #28): the agent's key waits behind it.
      const typed = client.callTool({ name: 'vault.vault.type', arguments: { text: 'y' } });
      expect(await screen()).toMatch(/typed: \[\][\s\S]*An agent asks to run vault\.vault\.wipe/);
      // The person's key answers the question, and reaches nothing else.
      terminal.stdin.write('n');
      const refused = await pending;
      expect(refused.isError).toBe(true);
      await typed;
      expect(await screen()).toMatch(/typed: \[y\]/);

      const approved = await answerWith('y');
      expect(approved.isError).toBeFalsy();
      expect((approved.content[0] as { text: string }).text).toMatch(/^wiped\n\nScreen after the call:/);

      const declined = await answerWith('n');
      expect(declined.isError).toBe(true);
      expect((declined.content[0] as { text: string }).text).toMatch(
        /the person at the terminal declined it/,
      );
      // Ink throttles frames on a real terminal (about 30 per second): the prompt goes in the next one.
      for (let i = 0; i < 200 && (await screen()).includes('An agent asks'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await screen()).not.toMatch(/An agent asks/);
      // None of the person's answers reached the app's own key handler.
      expect(await screen()).toMatch(/typed: \[y\]$/m);
    } finally {
      await client.close();
      await app.unmount();
    }
    expect(existsSync(app.connectionFile!)).toBe(false);
  });

  it('refuses to start without a terminal, saying what to use instead', async () => {
    const stdin = Object.assign(createMemoryTerminal().stdin, { isTTY: false });
    await expect(
      renderMcp(<Vault />, {
        session: 'vault',
        transport: 'http',
        stdin: stdin as unknown as NodeJS.ReadStream,
        connectionDir: false,
      }),
    ).rejects.toThrow(/stdin is not a terminal.*use transport 'stdio'/);
  });
});
