import { PassThrough } from 'node:stream';
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { renderMcp } from '../../src/render/render-mcp.js';
import { renderHeadless } from '../../src/testing/render-headless.js';

/** renderMcp over streams of the test's own, so that nothing is served on the real stdio. */
function renderSized(columns: number, rows: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => {
    written += chunk.toString();
  });
  const started = renderMcp(<Text>hello</Text>, {
    session: 'sized',
    transport: 'stdio',
    columns,
    rows,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    logger: { warn: () => {} },
  });
  return { started, written: () => written, end: () => stdin.end() };
}

describe('terminal sizes are checked where they come in (one size rule)', () => {
  it('renderMcp refuses columns -5 × rows NaN with a clear error, before serving anything', async () => {
    const run = renderSized(-5, Number.NaN);
    try {
      await expect(run.started).rejects.toThrow(
        'ink-mcp: the app is not served: columns must be an integer from 10 to 1000, not -5; rows must be an integer from 3 to 1000, not NaN (leave it out for the default).',
      );
      expect(run.written()).toBe('');
    } finally {
      run.end();
    }
  });

  it('renderMcp refuses a size past the largest, and a fraction', async () => {
    for (const [columns, rows, said] of [
      [100_000, 30, 'columns must be an integer from 10 to 1000, not 100000'],
      [80, 2.5, 'rows must be an integer from 3 to 1000, not 2.5'],
      [80, Number.POSITIVE_INFINITY, 'rows must be an integer from 3 to 1000, not Infinity'],
    ] as const) {
      const run = renderSized(columns, rows);
      try {
        await expect(run.started).rejects.toThrow(said);
      } finally {
        run.end();
      }
    }
  });

  it('renderHeadless refuses a size of 0 the same way, and serves a size in range', async () => {
    await expect(renderHeadless(<Text>hello</Text>, { columns: 0 })).rejects.toThrow(
      'columns must be an integer from 10 to 1000, not 0',
    );
    const app = await renderHeadless(<Text>hello</Text>, { columns: 10, rows: 3 });
    try {
      expect(app.lastFrame()).toContain('hello');
    } finally {
      await app.unmount();
    }
  });
});
