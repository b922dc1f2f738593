import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnPty } from '@lydell/node-pty';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { terminalEnv, waitForOutput as waitFor } from '../helpers/person-terminal.js';

const app = fileURLToPath(new URL('./fixtures/attached-counter.tsx', import.meta.url));
const CALLS = 50;

function texts(result: CallToolResult): string[] {
  return result.content.flatMap((item) => (item.type === 'text' ? [item.text] : []));
}

describe('attached mode in a real terminal', () => {
  it('50 back-to-back calls: every answer shows the frame of its own commit, and the <Static> line above it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-frame-'));
    const term = spawnPty(process.execPath, ['--import', 'tsx', app], {
      cols: 80,
      rows: 24,
      cwd: process.cwd(),
      env: { ...terminalEnv(), INK_MCP_TEST_DIR: dir },
    });
    let output = '';
    term.onData((data) => {
      output += data;
    });
    const exited = new Promise<void>((resolve) => term.onExit(() => resolve()));
    const client = new Client({ name: 'attached-screen-test', version: '1' });
    try {
      await waitFor(
        () => readdirSync(dir).length > 0,
        'no connection file',
        () => output,
      );
      await waitFor(
        () => output.includes('Count: 0'),
        'no first frame',
        () => output,
      );
      const [file] = readdirSync(dir);
      const { url, token } = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as {
        url: string;
        token: string;
      };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const disagreed: string[] = [];
      let withStatic = 0;
      // No pauses: each call is sent the moment the previous answer arrives, well inside the ~33 ms
      // in which Ink holds back a terminal write after its last one (Ink's render throttle).
      const call = async (i: number) => {
        const result = (await client.callTool({ name: 'ctr_counter_inc', arguments: {} })) as CallToolResult;
        const [value, screen = ''] = texts(result);
        const { count } = JSON.parse(value!) as { count: number };
        const shown = /Count: (\d+)/.exec(screen)?.[1];
        // With the answer's blocks after the value: a disagreement says which part was not the frame.
        if (shown !== String(count))
          disagreed.push(
            `call ${i + 1}: result ${count}, screen ${shown ?? '(none)'}; after the value: ${JSON.stringify(texts(result).slice(1)).slice(0, 400)}`,
          );
        if (screen.includes('counter started')) withStatic++;
      };
      for (let i = 0; i < CALLS; i++) await call(i);
      // Printed: the figure the change to the committed frame is measured by.
      console.log(`attached screen: ${disagreed.length} of ${CALLS} answers disagreed with their result`);
      expect(disagreed).toEqual([]);
      expect(withStatic).toBe(CALLS);
      // The resource reads the same committed frame.
      const read = await client.readResource({ uri: 'ink://ctr/screen' });
      expect((read.contents[0] as { text: string }).text).toContain(`Count: ${CALLS}`);
    } finally {
      await client.close().catch(() => {});
      term.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
