import { PassThrough } from 'node:stream';
import { Text } from 'ink';
import { expect, it, vi } from 'vitest';
import { renderMcp } from '../../src/render/render-mcp.js';

/**
 * stdio: a client writes `initialize` as soon as it spawns the server; its answer does not wait for
 * the app's first render (src/render/render-mcp.tsx), while a request that needs the app still
 * does (src/render/stdio-transport.ts). Checked by order, not by time.
 */
/** What happened, in order: the app's renders and the answers written to stdout. */
const events: string[] = [];

function App() {
  events.push('render');
  return <Text>app</Text>;
}

it('answers initialize before the first render, and tools/list after it', async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) events.push(`answer ${(JSON.parse(line) as { id?: number }).id}`);
  });
  const send = (message: object) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/list' });
  const app = await renderMcp(<App />, {
    session: 'first',
    transport: 'stdio',
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    logger: { warn: () => {} },
  });
  await vi.waitFor(() => expect(events).toContain('answer 2'));
  expect(events.indexOf('answer 1')).toBeLessThan(events.indexOf('render'));
  expect(events.indexOf('render')).toBeLessThan(events.indexOf('answer 2'));
  stdin.end();
  await app.waitUntilExit();
});
