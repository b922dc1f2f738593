import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { render, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useMcpTools } from '../../src/index.js';
import { renderMcp } from '../../src/render/render-mcp.js';
import { serveApp } from '../../src/render/serve-app.js';
import { parseRecording } from '../../src/util/recording.js';

/** A sign-in form: its action takes a password, which a recording must not keep. */
function Login() {
  const [user, setUser] = useState('nobody');
  useMcpTools('login', {
    sign_in: {
      inputSchema: z.object({ user: z.string(), password: z.string() }),
      outputSchema: z.object({ user: z.string(), token: z.string() }),
      run: ({ user: name }) => {
        setUser(name);
        return { user: name, token: 'tok-123' };
      },
    },
  });
  return <Text>signed in as {user}</Text>;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function recorded(surface: 'stable' | 'widgets') {
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-record-'));
  dirs.push(dir);
  const file = join(dir, 'login.jsonl');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = await serveApp({
    server: { surface, authorize: () => 'allow' },
    session: 'app',
    io: { kind: 'transport', transport: serverSide },
    headless: { renderOnRead: false, columns: 40, rows: 5 },
    whenIdle: 'keep',
    record: { file, launch: { preload: false, command: ['node', 'login.js'], env: {} } },
  });
  served.render(render, <Login />);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(clientSide);
  return { file, served, client };
}

describe('the recorder', () => {
  it('writes secrets as [redacted], in arguments (JSON text too) and structured answers', async () => {
    const { file, served, client } = await recorded('stable');
    try {
      const result = await client.callTool({
        name: 'app_act',
        arguments: {
          widget: 'login',
          action: 'sign_in',
          args: JSON.stringify({ user: 'ada', password: 'hunter2' }),
        },
      });
      expect(JSON.stringify(result)).toContain('signed in as ada');
    } finally {
      await served.stop();
      await client.close();
    }
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('hunter2');
    const parsed = parseRecording(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [call] = parsed.recording.calls;
    expect(call?.canonical).toBe('app.login.sign_in');
    expect(JSON.parse(String(call?.arguments.args))).toEqual({ user: 'ada', password: '[redacted]' });
    expect(call?.screen).toBe('signed in as ada');
    expect(text.trim().split('\n').at(-1)).toMatch(/^\{"type":"end","time":/);
  });

  it('widgets surface: direct arguments are redacted, structured content too', async () => {
    const { file, served, client } = await recorded('widgets');
    try {
      const result = await client.callTool({
        name: 'app_login_sign_in',
        arguments: { user: 'bo', password: 'pw1' },
      });
      expect(result.structuredContent).toEqual({ user: 'bo', token: 'tok-123' });
    } finally {
      await served.stop();
      await client.close();
    }
    const parsed = parseRecording(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const [call] = parsed.recording.calls;
    expect(call).toMatchObject({
      tool: 'app_login_sign_in',
      canonical: 'app.login.sign_in',
      arguments: { user: 'bo', password: '[redacted]' },
      answer: { structuredContent: { user: 'bo', token: '[redacted]' } },
    });
  });

  it('a file that cannot be written, or an attached app, is refused with what to do', async () => {
    await expect(
      renderMcp(<Login />, {
        session: 'app',
        transport: 'stdio',
        record: join(tmpdir(), 'no-such-folder-ink-mcp', 'x.jsonl'),
      }),
    ).rejects.toThrow(/^ink-mcp: cannot record to ".*x\.jsonl": ENOENT.*Give a file in a folder that exists/);
    await expect(
      serveApp({
        server: {},
        session: 'app',
        io: { kind: 'http', connectionDir: false },
        whenIdle: 'close',
        record: { file: join(tmpdir(), 'x.jsonl'), launch: { preload: false, command: ['x'], env: {} } },
      }),
    ).rejects.toThrow(/recording is for a headless app .* an attached app is not recorded/);
  });
});
