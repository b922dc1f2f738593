import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule (docs/internals.md, "Layers and the one-way call path"): a layer imports only the
 * layers below it. Checked on the source text, so a violation fails here whatever the linter is told.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const allowed: Record<string, readonly string[]> = {
  // Below every layer: helpers with no knowledge of any (listener sets, text clipping).
  util: [],
  walker: ['util'],
  // What draws or reads the screen (styles, colours, the view of rows and columns, pictures): plain
  // text and cells in, text or an image out; no session, no call.
  screen: ['util', 'walker'],
  registry: ['util', 'walker'],
  session: ['util', 'walker', 'registry', 'screen'],
  react: ['util', 'walker', 'registry', 'screen', 'session'],
  server: ['util', 'walker', 'registry', 'screen', 'session'],
  // An app reached only as a terminal (bytes out, bytes in): the built-in tools' providers of
  // src/react/builtins/ (which load no React), over a screen kept by a terminal emulator.
  terminal: ['util', 'walker', 'registry', 'screen', 'session', 'react'],
  render: ['util', 'walker', 'registry', 'screen', 'session', 'react', 'server', 'terminal'],
  testing: ['util', 'walker', 'registry', 'screen', 'session', 'react', 'server', 'render'],
  // The preload: an entry point over the package root (src/index.ts: the core and the adapters).
  register: [
    'util',
    'walker',
    'registry',
    'screen',
    'session',
    'react',
    'server',
    'render',
    'launcher',
    'terminal',
  ],
  // The person's side of a headless session (`ink-mcp watch`, `ink-mcp show`): a client of the
  // watch socket the render layer serves, and the page's server. Never React, Ink or the SDK.
  watch: ['util', 'walker', 'registry', 'screen', 'session', 'render'],
  // `ink-mcp/start`: answers before the app and ink-mcp's server load, so it stays as light as the launcher.
  start: ['util', 'walker', 'render', 'launcher'],
  // The launcher stays light: it starts in a blink, and never loads React, Ink or the SDK.
  launcher: ['util', 'walker', 'render'],
};
const packages: Record<string, RegExp> = {
  util: /^(react|ink|@modelcontextprotocol\/)/,
  walker: /^(react|ink|@modelcontextprotocol\/)/,
  registry: /^(react|ink|@modelcontextprotocol\/)/,
  screen: /^(react|ink|@modelcontextprotocol\/)/,
  session: /^(react|ink|@modelcontextprotocol\/)/,
  react: /^@modelcontextprotocol\//,
  server: /^(react|ink)(\/|$)/,
  terminal: /^(react|ink|@modelcontextprotocol\/)/,
  launcher: /^(react|ink|@modelcontextprotocol\/)/,
  watch: /^(react|ink|@modelcontextprotocol\/)/,
  start: /^(react|ink|@modelcontextprotocol\/)/,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('layers', () => {
  for (const [layer, below] of Object.entries(allowed)) {
    it(`src/${layer} imports only ${below.length ? below.join(', ') : 'itself'} (and the packages it may know)`, () => {
      const wrong: string[] = [];
      for (const file of files(join(root, 'src', layer))) {
        for (const spec of imports(file)) {
          const where = relative(root, file);
          if (spec.startsWith('.')) {
            // A folder of src/ by its name; anything outside src/ by its top folder (components).
            const [top, inSrc] = relative(root, join(file, '..', spec)).split(/[\\/]/);
            const target = top === 'src' ? inSrc! : top!;
            if (target !== layer && !below.includes(target)) wrong.push(`${where} → ${spec}`);
          } else if (packages[layer]?.test(spec)) {
            wrong.push(`${where} → ${spec}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('no import circle in src/ (type-only imports count: a circle through types is one module tangle all the same)', () => {
    const graph = new Map<string, string[]>();
    for (const file of [...files(join(root, 'src')), ...files(join(root, 'components'))]) {
      const edges = imports(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => relative(root, join(file, '..', spec)).replace(/\.js$/, ''));
      graph.set(relative(root, file).replace(/\.tsx?$/, ''), edges);
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]): void => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        circles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) if (graph.has(next)) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(circles).toEqual([]);
  });

  it('components/ import the library only through its public API', () => {
    const wrong: string[] = [];
    for (const file of files(join(root, 'components'))) {
      for (const spec of imports(file)) {
        if (spec.includes('src/') && !spec.endsWith('/src/index.js'))
          wrong.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('src/launcher loads heavy parts only lazily: the session commands (export-test, replay), the watcher (watch, show) and the pseudo-terminal server', () => {
    // The launcher starts in a blink and never loads the SDK up front; `ink-mcp export-test` and
    // `ink-mcp replay` need the MCP client, so cli.ts imports them (src/testing) when asked for, and
    // a command run in a pseudo-terminal is served by the launcher itself (src/render/serve-pty.ts).
    const lazy: string[] = [];
    for (const file of files(join(root, 'src', 'launcher'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g))
        lazy.push(`${relative(root, file)} → ${spec}`);
    }
    expect(lazy.sort()).toEqual([
      'src/launcher/cli.ts → ../testing/session-cli.js',
      'src/launcher/cli.ts → ../watch/watch-cli.js',
      'src/launcher/run-in-pty.ts → ../render/serve-pty.js',
    ]);
  });

  it('core must not import components/: nothing in src/ imports a file outside src/', () => {
    const wrong: string[] = [];
    for (const file of files(join(root, 'src'))) {
      for (const spec of imports(file)) {
        if (!spec.startsWith('.')) continue;
        const target = relative(join(root, 'src'), join(file, '..', spec));
        if (target.startsWith('..')) wrong.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('comments citing files not in the repo: every cited file exists, none outside the repository', () => {
    const wrong: string[] = [];
    for (const dir of ['src', 'components', 'test', 'bench', 'examples']) {
      for (const file of files(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        const where = relative(root, file);
        // Written as pieces so this file does not cite what it forbids.
        for (const outside of ['shared/' + 'notes', 'shared/' + 'seed', 'DESIGN' + '.md', 'DESIGN' + ' §']) {
          if (text.includes(outside)) wrong.push(`${where} cites ${outside}`);
        }
        for (const [cited] of text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
          if (!existsSync(join(root, cited))) wrong.push(`${where} cites ${cited}, which does not exist`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('one home for the act tool (src/server/act-tool.ts; its catalog entry in src/walker/builtin-catalog.ts)', () => {
  /** The src/ files (besides act-tool.ts and, where allowed, the catalog) whose code matches `pattern`. */
  const elsewhere = (pattern: RegExp, alsoAllowed: string[] = []): string[] =>
    files(join(root, 'src'))
      .map((file) => relative(root, file).replace(/\\/g, '/'))
      .filter((file) => file !== 'src/server/act-tool.ts' && !alsoAllowed.includes(file))
      .filter((file) => pattern.test(code(readFileSync(join(root, file), 'utf8'))));

  it('only act-tool.ts reads the act tool’s name, arguments and routing, and words its "Actions now" text', () => {
    // Its name: the catalog's ACT / ACT_ENTRY (the catalog itself builds the stable listing's entries).
    expect(elsewhere(/\bACT(_ENTRY)?\b/, ['src/walker/builtin-catalog.ts'])).toEqual([]);
    // Its arguments, its session and its route to the widget's own tool.
    expect(elsewhere(/\bfunction (readAct|actName|actSessionOf|actSession|callAct)\b/)).toEqual([]);
    // The "Actions now" text of an answer: the actions it performs.
    expect(elsewhere(/\bfunction (actionLines|allActionsText|actionsChangeText|actionsText)\b/)).toEqual([]);
    expect(elsewhere(/\.callAction\(/)).toEqual([]);
  });
});

/** Source text without its comments (what a file says about a rule is not where the rule lives). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}
