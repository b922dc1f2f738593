// Headless, Ink renders to an in-memory terminal, but what the app writes to stderr itself is for a
// person reading the log, as in a terminal: it went into the memory terminal and was lost.
import { PassThrough } from 'node:stream';
import { Text, useStderr } from 'ink';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { renderMcp } from '../../src/render/render-mcp.js';

function Talker() {
  const { write } = useStderr();
  useEffect(() => write('a line the app wrote to stderr\n'), [write]);
  return <Text>running</Text>;
}

it("renderMcp stdio: the app's own stderr writes reach the real stderr, and nothing reaches stdout", async () => {
  const [stdin, stdout, stderr] = [new PassThrough(), new PassThrough(), new PassThrough()];
  const out = { stdout: '', stderr: '' };
  stdout.on('data', (chunk: Buffer) => {
    out.stdout += chunk.toString();
  });
  stderr.on('data', (chunk: Buffer) => {
    out.stderr += chunk.toString();
  });
  const app = await renderMcp(<Talker />, {
    session: 'talker',
    transport: 'stdio',
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    logger: { warn: () => {} },
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  stdin.end();
  await app.waitUntilExit();
  expect(out.stderr).toContain('a line the app wrote to stderr');
  expect(out.stdout).toBe('');
});
