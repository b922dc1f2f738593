/**
 * A hostile agent against the destructive demo app served headless over stdio (issue #28), where the
 * person answers through the client's MCP elicitation form: nothing risky runs without their yes,
 * what they approve is what runs, the question hides nothing, and no pattern hangs the server.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';

const app = fileURLToPath(new URL('./fixtures/deploy-app.tsx', import.meta.url));
const text = (r: CallToolResult) => r.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
});

async function start(name: string, decide: (message: string) => boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-hostile-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', app, '--stdio'],
    env: { ...(process.env as Record<string, string>), INK_MCP_TEST_DIR: dir },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name, version: '1' }, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { approve: decide(request.params.message) } };
  });
  await client.connect(transport);
  clients.push(client);
  const act = (action: string, args: Record<string, unknown> = {}, widget = 'deploy') =>
    client.callTool({
      name: 'ops_act',
      arguments: { widget, action, args: JSON.stringify(args) },
    }) as Promise<CallToolResult>;
  const ranLog = () => (existsSync(join(dir, 'ran.log')) ? readFileSync(join(dir, 'ran.log'), 'utf8') : '');
  const screen = async () =>
    ((await client.readResource({ uri: 'ink://ops/screen' })).contents[0] as { text: string }).text;
  return { client, act, asked, ranLog, screen, stderr: () => stderr };
}

describe('a hostile agent, headless (the person answers through elicitation)', () => {
  it('gets nothing past the person, and what they approve is what runs', async () => {
    // The person approves deploying, and nothing else.
    const s = await start('evil\u001B]2;PWNED\u0007\u202Ebot', (message) =>
      /Run \\?"deploy\\?"/.test(message),
    );

    // Its name reaches the app (and the screen) without escapes or bidi overrides.
    await s.act('greet');
    const greeted = await s.screen();
    expect(greeted).toMatch(/Hello, evil/);
    for (const raw of ['\u001B', '\u0007', '\u202E']) expect(greeted).not.toContain(raw);

    // It opens the app's danger dialog with a key: its next key, y, is refused.
    const keys = (await s.client.callTool({
      name: 'ops_keyboard_press',
      arguments: { keys: ['x', 'y'] },
    })) as CallToolResult;
    expect(keys.isError).toBe(true);
    expect(text(keys)).toMatch(/"danger" is a question only the person[\s\S]*1 of 2 keys were sent/);
    // Its confirm asks the person, who says no.
    expect(text(await s.act('confirm', {}, 'danger'))).toMatch(/declined/);
    expect(await s.screen()).toMatch(/Destroy staging\?/);

    // The question is asked when the command's turn comes: it names the target it runs on.
    const [switched, deployed] = await Promise.all([
      s.act('switch_target', { target: 'prod' }),
      s.act('run_command', { command: 'deploy' }),
    ]);
    expect(text(switched)).toContain('target is prod');
    expect(text(deployed)).toContain('ran on prod');
    expect(s.asked.at(-1)).toMatch(/Run \\?"deploy\\?" on prod/);

    // Direction marks and zero-width characters in an argument are refused before anyone is asked
    // (the text rule for what an agent sends: issue #39 item 7).
    const askedBefore = s.asked.length;
    const sneaky = await s.act('run_command', { command: 'echo \u202Efdp.exe\u200B' });
    expect(text(sneaky)).toMatch(
      /must not contain invisible or text-direction characters \(found U\+202E, a bidi override/,
    );
    expect(s.asked).toHaveLength(askedBefore);

    // Too long to read in full: refused before anyone is asked.
    const before = s.asked.length;
    const long = await s.act('run_command', { command: `echo ${'a'.repeat(5000)}` });
    expect(text(long)).toMatch(/too long to show a person in full/);
    expect(s.asked).toHaveLength(before);

    // A catastrophic pattern answers within its timeout, and pings are answered meanwhile.
    const started = Date.now();
    const waiting = s.client.callTool({
      name: 'ops_screen_wait_for',
      arguments: { pattern: '(\\S+\\s*)+X', timeout_ms: 2000 },
    }) as Promise<CallToolResult>;
    await s.client.ping();
    await waiting;
    expect(Date.now() - started).toBeLessThan(15_000);

    expect(s.ranLog()).toBe('prod: deploy\n');
    for (const raw of ['\u001B', '\u202E']) expect(s.stderr()).not.toContain(raw);
  }, 120_000);
});
