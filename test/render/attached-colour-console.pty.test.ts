// Issue #30, items 5 and 7, attached: an app in a real terminal (a pty), its screen read over HTTP.
// What the person sees above the frame (the <Static> line, then what the app logged) is on the screen
// an agent reads, in that order; and letters that differ only by colour are told apart with styles.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnPty } from '@lydell/node-pty';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { textOf } from '../builtins/helpers.js';
import { terminalEnv, waitForOutput as waitFor } from '../helpers/person-terminal.js';

const app = fileURLToPath(new URL('./fixtures/attached-wordle.tsx', import.meta.url));

describe('attached: console output and colour on the screen an agent reads', () => {
  it('shows what the app logged above the frame, and the tiles’ colours with styles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-wordle-'));
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
    const client = new Client({ name: 'attached-colour-test', version: '1' });
    try {
      await waitFor(
        () => readdirSync(dir).length > 0 && output.includes('0 of 6 guesses'),
        'no connection file or first frame',
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
      const call = async (widget: string, action: string, args: object) =>
        textOf(
          (await client.callTool({
            name: 'wordle_act',
            arguments: { widget, action, args: JSON.stringify(args) },
          })) as CallToolResult,
        );

      const answer = await call('board', 'guess', { word: 'cater' });
      // The person sees it too: Ink's own console patch still draws it.
      await waitFor(
        () => output.includes('Submitted: {"word":"CATER"}'),
        'the log is not in the terminal',
        () => output,
      );
      // Static line, then the log, then the frame: the order the terminal shows them in.
      expect(answer).toContain(
        [
          'Screen after the call:',
          'wordle started',
          'Submitted: {"word":"CATER"}',
          ' C   A   T   E   R',
          '1 of 6 guesses',
        ].join('\n'),
      );
      // C is right; A, E and R are elsewhere; T is absent: the plain text cannot say which, the
      // row in colour under it does (issue #41 item 7).
      expect(answer).toContain('Colours that changed, by row ([style]text[/] as in Rich');
      expect(answer).toMatch(
        /\n\d+: \[bold white on green\(#6aaa64\)\] C \[\/\] \[bold white on yellow\(#c9b458\)\] A \[\/\]/,
      );

      const read = await client.callTool({ name: 'wordle_screen_read', arguments: { styles: true } });
      const styled = textOf(read);
      expect(styled).toContain('Screen with styles');
      expect(styled).toContain(
        [
          '[bold white on green(#6aaa64)] C [/]',
          '[bold white on yellow(#c9b458)] A [/]',
          '[bold white on gray(#787c7e)] T [/]',
          '[bold white on yellow(#c9b458)] E [/]',
          '[bold white on yellow(#c9b458)] R[/]',
        ].join(' '),
      );
      expect(styled).toMatch(/wordle started\nSubmitted: \{"word":"CATER"\}\n\[bold/);

      // The same colours again: the answer does not repeat them.
      const again = await client.callTool({ name: 'wordle_screen_read', arguments: {} });
      expect(textOf(again)).not.toContain('Colours that changed');
    } finally {
      await client.close().catch(() => {});
      term.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
