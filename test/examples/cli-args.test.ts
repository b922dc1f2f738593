import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entries = {
  todo: fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url)),
  demo: fileURLToPath(new URL('../../examples/todo/demo.ts', import.meta.url)),
};

/** Runs an example entry as `npx tsx` would. */
function run(entry: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', entry, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe('the command lines the examples ship', () => {
  it.each(Object.entries(entries))('%s: --help prints the usage on stdout and exits 0', async (_, entry) => {
    const { code, stdout, stderr } = await run(entry, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: /);
    expect(stderr).toBe('');
  });

  it.each(Object.entries(entries))(
    '%s: an unknown flag says which, prints the usage on stderr and exits 2, with no stack trace',
    async (name, entry) => {
      const { code, stdout, stderr } = await run(entry, ['--frobnicate']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(new RegExp(`^${name}: Unknown option '--frobnicate'`));
      expect(stderr).toMatch(/\nUsage: /);
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('todo: a flag missing its value is a usage error too', async () => {
    const { code, stderr } = await run(entries.todo, ['--file']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^todo: Option '--file <value>' argument missing/);
  });
});
