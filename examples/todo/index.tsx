#!/usr/bin/env -S npx tsx
/**
 * The todo example. `npx tsx examples/todo/index.tsx` runs it in your terminal and serves it to agents
 * over Streamable HTTP on loopback; `--stdio` runs it headless as a stdio MCP server; `--file PATH`
 * keeps the list in a JSON file.
 */
import { startMcp } from '../../src/start/index.js';
import { parseCli } from '../cli-args.js';

const USAGE = `Usage: npx tsx examples/todo/index.tsx [--stdio] [--file PATH]

The todo example of ink-mcp.
  (no flag)      run in your terminal; agents connect over HTTP on 127.0.0.1 (how: printed on stderr)
  --stdio        run headless as a stdio MCP server, for an agent to start
  --file PATH    keep the list in this JSON file (created when missing)
  -h, --help     print this text
`;

const values = parseCli('todo', USAGE, {
  options: {
    stdio: { type: 'boolean', default: false },
    file: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

// startMcp (ink-mcp/start) answers an agent's `initialize` at once and loads the app meanwhile:
// everything that imports Ink is loaded here, after the first answer.
const app = await startMcp(
  async () => {
    const [{ App }, { loadTodos, lockTodoFile, saveTodos }] = await Promise.all([
      import('./App.js'),
      import('./persist.js'),
    ]);
    const file = values.file;
    // One app per file: a second one would overwrite the first one's changes with its own stale list.
    const locked = file ? lockTodoFile(file) : { ok: true as const };
    if (!locked.ok) throw new Error(locked.message);
    const loaded = file ? loadTodos(file) : { todos: [] };
    if (loaded.warning) process.stderr.write(`todo: ${loaded.warning}\n`);
    return (
      <App
        initial={loaded.todos}
        notice={loaded.warning}
        save={file ? (todos) => saveTodos(file, todos) : undefined}
      />
    );
  },
  {
    session: 'todo',
    transport: values.stdio ? 'stdio' : 'http',
    name: 'ink-mcp-todo',
    // Deleting needs a person's yes: the in-app prompt when attached, MCP elicitation when headless
    // (a client without elicitation is refused, with a message saying so).
    authorize: ({ tool }) => (tool.endsWith('.delete_item') || tool.endsWith('.confirm') ? 'ask' : 'allow'),
  },
).catch((error: unknown) => {
  process.stderr.write(`todo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
await app.waitUntilExit();
