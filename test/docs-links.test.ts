import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other by file and heading (#32 moved the reference parts out of
 * the README): every relative link must reach a file, and every `#anchor` a heading of that file.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const pages = [
  'README.md',
  'CHANGELOG.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

function anchors(page: string): Set<string> {
  const found = new Set<string>();
  let fence = false;
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    else if (!fence && /^#{1,6} /.test(line)) found.add(slug(line));
  }
  return found;
}

describe('links between the README and docs/', () => {
  for (const page of pages) {
    it(`${page}: every relative link reaches its file and heading`, () => {
      const broken: string[] = [];
      const text = readFileSync(join(root, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (target === undefined || /^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? page : normalize(join(dirname(page), path));
        if (!existsSync(join(root, file))) broken.push(`${target}: no file ${file}`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchors(file).has(anchor))
          broken.push(`${target}: ${file} has no heading #${anchor}`);
      }
      expect(broken).toEqual([]);
    });
  }
});
