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
});

/** The launcher in attached mode in a real terminal (a pseudo-terminal), as a person runs it. */
function attach(appFile: string) {
  const runtime = mkdtempSync(join(tmpdir(), 'ink-mcp-attach-'));
  const term = spawn(process.execPath, [built.bin, '--attach', '--', 'node', app(appFile)], {
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
