import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Box, render, Text } from 'ink';
import { type ReactNode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PasswordInput } from '../../components/index.js';
import { useMcpTools } from '../../src/index.js';
import type { AuthorizeDecision } from '../../src/registry/authorize.js';
import { serveApp } from '../../src/render/serve-app.js';
import { mountSession } from '../../src/render/session-mount.js';

/**
 * Issue #39, item 3: a recording and its cast are private (0600, never written through a link),
 * redacted completely (nothing a secret-looking name, a sensitive action or a password field was
 * given reaches either file, however it is echoed back), bounded, and harmless to play.
 */

const dirs: string[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-private-'));
  dirs.push(dir);
  return dir;
}

async function recordApp(
  app: ReactNode,
  options: {
    file: string;
    surface?: 'stable' | 'widgets';
    authorize?: AuthorizeDecision;
    maxBytes?: number;
    accept?: boolean;
  },
) {
  const warnings: string[] = [];
  const logger = { warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = await serveApp({
    server: { surface: options.surface ?? 'stable', authorize: () => options.authorize ?? 'allow', logger },
    session: 'app',
    io: { kind: 'transport', transport: serverSide },
    headless: { renderOnRead: false, columns: 60, rows: 8 },
    whenIdle: 'keep',
    mount: mountSession,
    record: {
      file: options.file,
      launch: { preload: false, command: ['node', 'app.js'], env: {} },
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    },
  });
  served.render(render, app);
  const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { approve: true },
  }));
  await client.connect(clientSide);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await served.stop();
    await client.close();
  };
  closers.push(stop);
  return { client, stop, warnings };
}

const both = (file: string) => readFileSync(file, 'utf8') + readFileSync(`${file}.cast`, 'utf8');

describe('recordings are private', () => {
  it('both files are created 0600 (under a umask that would give 0644)', async () => {
    const file = join(folder(), 'rec.jsonl');
    const previous = process.umask(0o022);
    try {
      const { stop } = await recordApp(<Text>hello</Text>, { file });
      await stop();
    } finally {
      process.umask(previous);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.cast`).mode & 0o777).toBe(0o600);
  });

  it('existing 0666 files are narrowed to 0600', async () => {
    const file = join(folder(), 'rec.jsonl');
    for (const f of [file, `${file}.cast`]) {
      writeFileSync(f, 'old');
      chmodSync(f, 0o666);
    }
    const { stop } = await recordApp(<Text>hello</Text>, { file });
    await stop();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.cast`).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^\{"type":"header"/);
  });

  for (const which of ['rec.jsonl', 'rec.jsonl.cast'] as const) {
    it(`a symbolic link at ${which} is refused, saying why; neither the link's target nor the other file is touched`, async () => {
      const dir = folder();
      const file = join(dir, 'rec.jsonl');
      const target = join(dir, 'precious.txt');
      writeFileSync(target, 'precious');
      writeFileSync(join(dir, 'rec.jsonl'), 'earlier recording');
      if (which === 'rec.jsonl.cast') writeFileSync(join(dir, 'rec.jsonl'), 'earlier recording');
      rmSync(join(dir, which), { force: true });
      symlinkSync(target, join(dir, which));
      await expect(recordApp(<Text>hello</Text>, { file })).rejects.toThrow(
        /cannot record to ".*rec\.jsonl": ".*rec\.jsonl(\.cast)?" is a symbolic link: ink-mcp does not write through links/,
      );
      expect(readFileSync(target, 'utf8')).toBe('precious');
      if (which === 'rec.jsonl.cast') expect(readFileSync(file, 'utf8')).toBe('earlier recording');
    });
  }
});

const SECRET = 'hunter2-Zq9x';
const TOKEN = 'tok-7f3a9c1e55';

/** A sign-in form with a password field that has focus, and actions that echo what they are given. */
function Form() {
  const [status, setStatus] = useState('waiting');
  useMcpTools('login', {
    sign_in: {
      inputSchema: z.object({ user: z.string(), password: z.string() }),
      outputSchema: z.object({ user: z.string(), token: z.string() }),
      run: ({ user }) => {
        setStatus(`signed in as ${user}`);
        return { user, token: TOKEN };
      },
    },
    check: {
      inputSchema: z.object({ password: z.string() }),
      run: ({ password }) => {
        throw new Error(`wrong password ${password}`);
      },
    },
    wipe: {
      inputSchema: z.object({ password: z.string() }),
      annotations: { destructiveHint: true },
      run: () => 'wiped',
    },
  });
  return (
    <Box flexDirection="column">
      <PasswordInput id="pw" label="Password" autoFocus />
      <Text>{status}</Text>
    </Box>
  );
}

describe('recordings are completely redacted', () => {
  const act = (action: string, args: unknown) => ({
    name: 'app_act',
    arguments: { widget: 'login', action, args: typeof args === 'string' ? args : JSON.stringify(args) },
  });

  it('keyboard.type into a password field that has focus', async () => {
    const file = join(folder(), 'rec.jsonl');
    const { client, stop } = await recordApp(<Form />, { file });
    const typed = await client.callTool({ name: 'app_keyboard_type', arguments: { text: SECRET } });
    expect(typed.isError).toBeFalsy();
    await stop();
    expect(both(file)).not.toContain(SECRET);
  });

  it("a PasswordInput's type_into (a sensitive action), by the stable surface and by its own name", async () => {
    for (const surface of ['stable', 'widgets'] as const) {
      const file = join(folder(), 'rec.jsonl');
      const { client, stop } = await recordApp(<Form />, { file, surface });
      const call =
        surface === 'stable'
          ? {
              name: 'app_act',
              arguments: { widget: 'pw', action: 'type_into', args: JSON.stringify({ text: SECRET }) },
            }
          : { name: 'app_pw_type_into', arguments: { text: SECRET } };
      const result = await client.callTool(call);
      expect(result.isError).toBeFalsy();
      await stop();
      expect(both(file)).not.toContain(SECRET);
    }
  });

  it('act arguments as JSON text with leading whitespace', async () => {
    const file = join(folder(), 'rec.jsonl');
    const { client, stop } = await recordApp(<Form />, { file });
    const result = await client.callTool(act('sign_in', `  \n {"user":"ada","password":"${SECRET}"}`));
    expect(result.isError).toBeFalsy();
    await stop();
    expect(both(file)).not.toContain(SECRET);
  });

  it('a token redacted in structuredContent is not left in the same answer’s text', async () => {
    const file = join(folder(), 'rec.jsonl');
    const { client, stop } = await recordApp(<Form />, { file, surface: 'widgets' });
    const result = await client.callTool({
      name: 'app_login_sign_in',
      arguments: { user: 'ada', password: SECRET },
    });
    expect(JSON.stringify(result.content)).toContain(TOKEN);
    await stop();
    expect(both(file)).not.toContain(TOKEN);
    expect(both(file)).not.toContain(SECRET);
  });

  it('an error that echoes the argument', async () => {
    const file = join(folder(), 'rec.jsonl');
    const { client, stop } = await recordApp(<Form />, { file });
    const result = await client.callTool(act('check', { password: SECRET }));
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(SECRET);
    await stop();
    expect(both(file)).not.toContain(SECRET);
  });

  it("a destructive call's consent question (asked through elicitation) that shows the password", async () => {
    const file = join(folder(), 'rec.jsonl');
    const { client, stop } = await recordApp(<Form />, { file, authorize: 'ask' });
    const result = await client.callTool(act('wipe', { password: SECRET }));
    expect(result.isError).toBeFalsy();
    await stop();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"questions"');
    expect(both(file)).not.toContain(SECRET);
  });
});

/** Draws a new frame every few milliseconds, with a clipboard write and a window title in it. */
function Animated({ osc = false }: { osc?: boolean }) {
  const [n, setN] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setN((x) => x + 1), 5);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box flexDirection="column">
      <Text color="red">frame {n}</Text>
      {osc ? (
        <Text>
          {
            '\u001B]52;c;cHduZWQ=\u0007\u001B]0;owned title\u0007\u001B]8;;https://evil.example\u0007link\u001B]8;;\u0007'
          }
        </Text>
      ) : null}
    </Box>
  );
}

async function waitFor(check: () => boolean, what: string, ms = 20_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('recordings are bounded and harmless to play', () => {
  it('the cast stops at its cap with a note saying so, and a warning', async () => {
    const file = join(folder(), 'rec.jsonl');
    const cap = 16 * 1024;
    const { stop, warnings } = await recordApp(<Animated />, { file, maxBytes: cap });
    await waitFor(() => warnings.some((w) => /cast reached its/.test(w)), 'the cap warning');
    const size = statSync(`${file}.cast`).size;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statSync(`${file}.cast`).size).toBe(size);
    await stop();
    expect(size).toBeLessThan(cap + 1024);
    expect(readFileSync(`${file}.cast`, 'utf8').trimEnd().split('\n').at(-1)).toMatch(
      /this cast reached its 16 KB cap here; the screens after it were not recorded/,
    );
    expect(warnings.filter((w) => /cast reached its/.test(w))).toHaveLength(1);
  });

  it('the cast keeps colours but no clipboard write, title, link or other escape', async () => {
    const file = join(folder(), 'rec.jsonl');
    const { stop } = await recordApp(<Animated osc />, { file });
    await waitFor(
      () => existsSync(`${file}.cast`) && readFileSync(`${file}.cast`, 'utf8').includes('frame 3'),
      'frames',
    );
    await stop();
    const cast = readFileSync(`${file}.cast`, 'utf8');
    const data = cast
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => (JSON.parse(line) as [number, string, string])[2])
      .join('');
    expect(data).toContain('\u001b[31m');
    expect(data).toContain('link');
    expect(data).not.toContain('\u001b]');
    expect(data).not.toContain('\u0007');
    expect(data).not.toContain('owned title');
  });
});
