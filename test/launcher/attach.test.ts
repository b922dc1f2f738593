import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app } from './launch.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
});
afterAll(() => built?.remove());

describe('ink-mcp --attach', () => {
  it('the app draws in the real terminal; MCP over HTTP, connection info on stderr and in the file', async () => {
    const { files, term, output, exited, stop } = attach('mover.js');
    try {
      await waitFor(() => output().includes('position 1,1'));
      expect(output()).toMatch(/ink-mcp: session "app" is served at http:\/\/127\.0\.0\.1:\d+\/mcp/);
      const [file] = readdirSync(files);
      const { url, token } = JSON.parse(readFileSync(join(files, file!), 'utf8'));
      const client = new Client({ name: 'attach-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const read = await client.readResource({ uri: 'ink://app/screen' });
      expect(String((read.contents[0] as { text: string }).text)).toContain('position 1,1');
      await client.close();
      // The person quits as usual; the launcher exits with the app, and the token file goes.
      term.write('q');
      expect(await exited).toBe(0);
      expect(readdirSync(files)).toEqual([]);
    } finally {
      stop();
    }
  }, 90_000);

  // An app that reads no keys leaves the terminal in cooked mode: Ctrl+C is a real SIGINT for the
  // whole foreground group, Ctrl+\ a SIGQUIT. The token must not outlive the app either way.
  it.each([
    ['Ctrl+C (SIGINT)', '\x03'],
    ['Ctrl+\\ (SIGQUIT)', '\x1c'],
  ])(
    '%s in an app without useInput ends it and removes the token file',
    async (_, key) => {
      const { files, term, output, exited, stop } = attach('counter.js');
      try {
        await waitFor(() => output().includes('tests passed'));
        expect(readdirSync(files)).toHaveLength(1);
        term.write(key);
        await exited;
        expect(readdirSync(files)).toEqual([]);
      } finally {
        stop();
      }
    },
    90_000,
  );

  // Without ink-mcp, an app with its own SIGINT listener hears Ctrl+C once and decides what follows.
  it('Ctrl+C in an app that handles SIGINT itself reaches it once; the app ends as it chooses', async () => {
    const { files, term, output, exited, stop } = attach('save-on-sigint.js');
    try {
      await waitFor(() => output().includes('Ctrl+C saves and quits'));
      term.write('\x03');
      expect(await exited).toBe(0);
      expect(output()).toContain('saving (SIGINT 1)');
      expect(output()).not.toContain('SIGINT 2');
      expect(readdirSync(files)).toEqual([]);
    } finally {
      stop();
    }
  }, 90_000);

  // Regression: attached, the adapters never loaded (only stdio waited for them), so an
  // ink-text-input was "Actions now: none" attached and text_input_1 over stdio.
  it('recognises the widgets headless mode does: an ink-text-input of an app run from source with tsx', async () => {
    const { files, term, output, stop } = attach('', ['npx', 'tsx', app('tsx-quantity/index.ts')]);
    try {
      await waitFor(() => output().includes('How many apples?'));
      const client = await connect(files);
      const read = async () =>
        (
          (await client.callTool({ name: 'app_screen_read', arguments: {} })).content as Array<{
            text?: string;
          }>
        )
          .map((block) => block.text ?? '')
          .join('\n');
      // The adapters load at the first render, beside the client connecting: what the first answer
      // after that says is the condition waited on (before the fix it never came).
      let seen = await read();
      const start = Date.now();
      while (!seen.includes('text_input_1: type_into') && Date.now() - start < 30_000) seen = await read();
      expect(seen).toContain('text_input_1: type_into');
      const typed = await client.callTool({
        name: 'app_act',
        arguments: { widget: 'text_input_1', action: 'type_into', args: { text: '12' } },
      });
      expect(typed.isError).toBeFalsy();
      // What the person sees: the app's own state took the text (the cursor stays where it was).
      expect(await read()).toContain('How many apples? 12');
      await client.close();
      term.write('\x03');
    } finally {
      stop();
    }
  }, 90_000);
});

async function connect(files: string): Promise<Client> {
  const [file] = readdirSync(files);
  const { url, token } = JSON.parse(readFileSync(join(files, file!), 'utf8'));
  const client = new Client({ name: 'attach-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The launcher in attached mode in a real terminal (a pseudo-terminal), as a person runs it. */
function attach(appFile: string, command = ['node', app(appFile)]) {
  const runtime = mkdtempSync(join(tmpdir(), 'ink-mcp-attach-'));
  const term = spawn(process.execPath, [built.bin, '--attach', '--', ...command], {
    cwd: repoRoot,
    cols: 80,
    rows: 24,
    // Not CI: Ink draws nothing but the last frame when it thinks it runs in CI (is-in-ci).
    env: { ...withoutCi(process.env), XDG_RUNTIME_DIR: runtime } as Record<string, string>,
  });
  let output = '';
  term.onData((data) => {
    output += data;
  });
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  const stop = () => {
    term.kill();
    rmSync(runtime, { recursive: true, force: true });
  };
  return { files: join(runtime, 'ink-mcp'), term, output: () => output, exited, stop };
}

// Generous: under a loaded CI the launcher, the preload and the app start in several seconds.
async function waitFor(ok: () => boolean, timeoutMs = 45_000): Promise<void> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the terminal');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function withoutCi(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { CI, CONTINUOUS_INTEGRATION, ...rest } = env;
  return rest;
}
