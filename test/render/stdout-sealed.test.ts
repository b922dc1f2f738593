import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage } from '../launcher/build.js';
import { app } from '../launcher/launch.js';
import { type StdioChild, startStdioChild } from './stdio-child.js';

let built: BuiltPackage;
beforeAll(async () => {
  built = await buildPackage();
}, 60_000);
afterAll(() => built?.remove());

/** What stray-writes-lib.js writes, each of which must reach stderr and none stdout. */
const STRAYS = [
  'stray: a child with stdio inherit',
  'stray: a child given fd 1',
  'stray: execSync with stdio inherit',
  'stray: a forked child',
  'stray: fs.writeSync(1)',
  'stray: piped into process.stdout',
  'stray: big yyyy',
  'stray: end()',
];

/**
 * What the app logs with `console` while it is served is on its screen (as Ink shows it above the
 * frame in a terminal), so answers carry it inside their JSON text: not a stray write.
 */
const ON_SCREEN = 'stray: console.log after end()';

function expectOnlyProtocol(server: StdioChild) {
  expect(server.garbage()).toEqual([]);
  const lines = server
    .stdout()
    .split('\n')
    .filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  expect(server.stdout().replaceAll(ON_SCREEN, '')).not.toContain('stray:');
  // Not printed on failure: stderr holds 4 MiB.
  expect(STRAYS.filter((stray) => !server.stderr().includes(stray))).toEqual([]);
}

// Node-based clients connect stdout as a socket pair; others (Python, a shell) as a pipe. A pipe can
// be opened again, so fd 1 itself is moved to stderr; a socket cannot (on Linux), so fd 1 stays the
// protocol's and Node's ways of writing to it are routed (the README's limit).
const FD1 = { pipe: 'fd 1 is stderr', socket: 'fd 1 is not stderr' };

describe.each(['socket', 'pipe'] as const)('stdout is sealed in stdio mode (stdout a %s)', (kind) => {
  it('renderMcp: stray writes during a call go to stderr; the server answers it and the next', async () => {
    const server = await startStdioChild(['--import', 'tsx', app('render-mcp-stray.tsx')], { stdout: kind });
    try {
      const wrote = await server.call('stray.stray.write');
      expect(wrote.text).toContain('stray writes done');
      // Logged during the call: on the screen after it, above the frame.
      expect(wrote.text).toContain(`Screen after the call:\n${ON_SCREEN}\nstray writes done`);
      const listed = await server.client.listTools();
      expect(listed.tools.length).toBeGreaterThan(0);
      expect((await server.call('stray.stray.ping')).text).toContain(`pong; ${FD1[kind]}`);
      expectOnlyProtocol(server);
    } finally {
      await server.close();
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('preload on its own stdio (node --import ink-mcp/register): the same, for a plain Ink app', async () => {
    const server = await startStdioChild(['--import', built.register, app('stray-writes.js')], {
      stdout: kind,
    });
    try {
      const read = await server.call('app.screen.wait_for', {
        text: 'stray writes done',
        timeout_ms: 20_000,
      });
      expect(read.isError).toBeFalsy();
      const listed = await server.client.listTools();
      expect(listed.tools.length).toBeGreaterThan(0);
      expect((await server.call('app.screen.read', { offset: null })).text).toContain(
        `stray writes done; ${FD1[kind]}`,
      );
      expectOnlyProtocol(server);
    } finally {
      await server.close();
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  // The launcher gives the app a fd 1 of its own (a pipe it copies to its stderr) and carries the
  // protocol on a socket: sealed at the descriptor already, before this change too.
  it('launcher (ink-mcp -- node app.js): the same', async () => {
    const server = await startStdioChild([built.bin, '--', 'node', app('stray-writes.js')], { stdout: kind });
    try {
      const read = await server.call('app.screen.wait_for', {
        text: 'stray writes done',
        timeout_ms: 20_000,
      });
      expect(read.isError).toBeFalsy();
      const listed = await server.client.listTools();
      expect(listed.tools.length).toBeGreaterThan(0);
      expect((await server.call('app.screen.read', { offset: null })).text).toContain('stray writes done');
      expectOnlyProtocol(server);
    } finally {
      await server.close();
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
