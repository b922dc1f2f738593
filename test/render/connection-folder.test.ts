import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listenAndAnnounce } from '../../src/render/announce-http.js';
import { writeConnectionFile } from '../../src/render/connection-info.js';
import { createMcpServer } from '../../src/server/index.js';

/**
 * issue #28, item 10: the attached mode's connection file holds the bearer token, so the folder it
 * goes in must be one only the user can change: a folder others can write, or a symlink, is refused
 * with an error saying what is wrong and how to fix it, and nothing is written there.
 */
const endpoint = { url: 'http://127.0.0.1:1/mcp', token: 'secret-token-secret-token-secret-token' };
const tmp = () => mkdtempSync(join(tmpdir(), 'ink-mcp-folder-'));

function refusal(result: ReturnType<typeof writeConnectionFile>): { code: string; error: string } {
  if (!('error' in result)) {
    result.remove();
    throw new Error(`the file was written: ${result.file}`);
  }
  return result as { code: string; error: string };
}

describe('the connection folder', () => {
  it('refuses a folder others can write (0777), saying how to fix it; writes nothing', () => {
    const dir = join(tmp(), 'ink-mcp');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const { code, error } = refusal(writeConnectionFile(dir, 's', endpoint));
    expect(code).toBe('unsafe_folder');
    expect(error).toContain(`the connection folder "${dir}" can be written by other users (mode 0777)`);
    expect(error).toContain(`Run chmod 700 "${dir}"`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a group-writable folder (0770) too', () => {
    const dir = tmp();
    chmodSync(dir, 0o770);
    const { code, error } = refusal(writeConnectionFile(dir, 's', endpoint));
    expect(code).toBe('unsafe_folder');
    expect(error).toMatch(/can be written by its group \(mode 0770\)/);
  });

  it('refuses a folder that is a symlink (to a private folder, or to nothing), saying so', () => {
    const target = tmp();
    chmodSync(target, 0o700);
    const link = join(tmp(), 'ink-mcp');
    symlinkSync(target, link);
    const { code, error } = refusal(writeConnectionFile(link, 's', endpoint));
    expect(code).toBe('unsafe_folder');
    expect(error).toContain(`the connection folder "${link}" is a symbolic link`);
    expect(readdirSync(target)).toEqual([]);
    const dangling = join(tmp(), 'ink-mcp');
    symlinkSync(join(tmp(), 'not-there'), dangling);
    expect(refusal(writeConnectionFile(dangling, 's', endpoint)).error).toContain('is a symbolic link');
  });

  it('accepts a private folder, and creates a missing one 0700; the file is never a symlink', () => {
    const dir = join(tmp(), 'a', 'ink-mcp');
    const written = writeConnectionFile(dir, 's', endpoint);
    if ('error' in written) throw new Error(written.error);
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    expect(lstatSync(written.file).isSymbolicLink()).toBe(false);
    expect(lstatSync(written.file).mode & 0o777).toBe(0o600);
    written.remove();
    // A symlink planted where the file goes is replaced by a file, never written through.
    const victim = join(tmp(), 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, join(dir, `t-${process.pid}.json`));
    const again = writeConnectionFile(dir, 't', endpoint);
    if ('error' in again) throw new Error(again.error);
    expect(lstatSync(again.file).isSymbolicLink()).toBe(false);
    again.remove();
  });

  it('attached serving (the launcher, the preload): warns with the refusal, serves anyway, writes no token there', async () => {
    const dir = tmp();
    chmodSync(dir, 0o777);
    const warnings: string[] = [];
    const stderr = devNull();
    let said = '';
    stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    const server = createMcpServer({ logger: { warn: (m) => warnings.push(m) } });
    try {
      const announced = await listenAndAnnounce(server, 'folder', {
        connectionDir: dir,
        stderr,
        logger: { warn: (m) => warnings.push(m) },
      });
      expect(announced.file).toBeUndefined();
      expect(announced.endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(warnings.join('\n')).toMatch(/can be written by other users \(mode 0777\)/);
      expect(said).not.toContain('also written to');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

/** A stream that swallows what the app draws (a TTY-less stdout, like a piped one). */
function devNull(): NodeJS.WriteStream {
  const stream = new PassThrough();
  stream.resume();
  return stream as unknown as NodeJS.WriteStream;
}
