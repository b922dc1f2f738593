import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ownOptions } from '../../src/register/serve.js';

// A package folder with the preload's file, and a node_modules that reaches it through a link.
const root = mkdtempSync(path.join(tmpdir(), 'own-options-'));
const real = path.join(root, 'store', 'ink-mcp', 'dist', 'src', 'register');
mkdirSync(real, { recursive: true });
writeFileSync(path.join(real, 'index.js'), '');
mkdirSync(path.join(root, 'app', 'node_modules'), { recursive: true });
symlinkSync(path.join(root, 'store', 'ink-mcp'), path.join(root, 'app', 'node_modules', 'ink-mcp'));
const preload = pathToFileURL(path.join(real, 'index.js'));
const linked = path.join(root, 'app', 'node_modules', 'ink-mcp', 'dist', 'src', 'register', 'index.js');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("ownOptions: the app's Node options a replay needs, without the preload", () => {
  it('leaves out the preload by name, by its path and URL, and by a path through a symbolic link', () => {
    for (const given of [
      'ink-mcp/register',
      preload.href,
      preload.pathname,
      linked,
      pathToFileURL(linked).href,
    ]) {
      expect(ownOptions(['--import', given, '--no-warnings'], preload), given).toEqual(['--no-warnings']);
      expect(ownOptions([`--import=${given}`, '--no-warnings'], preload), given).toEqual(['--no-warnings']);
    }
  });

  it('keeps every other option, a module that only looks alike or does not exist among them', () => {
    const other = path.join(root, 'app', 'node_modules', 'tsx', 'index.js');
    const options = [
      '--import',
      'tsx',
      '--require',
      other,
      '--import',
      'register/index.js',
      '--enable-source-maps',
    ];
    expect(ownOptions(options, preload)).toEqual(options);
  });
});
