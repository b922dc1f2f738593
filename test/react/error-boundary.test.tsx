import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpSession } from '../../src/react/index.js';
import { useMcpTools } from '../../src/react/use-mcp-tools.js';
import { Hub } from '../../src/session/hub.js';
import { quietLogger } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function Breakable() {
  const [broken, setBroken] = useState(false);
  useMcpTools('w', {
    ping: { run: () => 'pong' },
    crash: {
      run: () => {
        setBroken(true);
        return 'crashing';
      },
    },
  });
  if (broken) throw new Error('kaboom');
  return <Text>fine</Text>;
}

describe('a render error inside a session', () => {
  it('stops that session only: its tools go, its sibling session keeps serving', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const logger = quietLogger();
    const hub = new Hub({ logger });
    const ink = render(
      <>
        <McpSession id="a" server={hub} builtinTools={false} logger={logger}>
          <Breakable />
        </McpSession>
        <McpSession id="b" server={hub} builtinTools={false} logger={logger}>
          <Breakable />
        </McpSession>
      </>,
    );
    try {
      expect(hub.list().map((t) => t.name)).toEqual(['a.w.ping', 'a.w.crash', 'b.w.ping', 'b.w.crash']);
      const crash = await hub.call('a.w.crash', {});
      // The handler ran; the session ended with the render it caused.
      expect(crash).toMatchObject({ ok: true, value: 'crashing', stopped: true });
      expect(hub.list().map((t) => t.name)).toEqual(['b.w.ping', 'b.w.crash']);
      // The session ended: its callers are told so (session_not_running after unmount).
      await expect(hub.call('a.w.ping', {})).resolves.toMatchObject({
        ok: false,
        error: { code: 'session_not_running', sessionId: 'a' },
      });
      await expect(hub.call('b.w.ping', {})).resolves.toMatchObject({ ok: true, value: 'pong' });
      expect(ink.lastFrame()).toMatch(/session "a" stopped: its app threw while rendering \(kaboom\)/);
      expect(ink.lastFrame()).toMatch(/fine/);
      expect(logger.warnings).toContainEqual(expect.stringContaining('session "a" stopped'));
    } finally {
      ink.unmount();
      hub.close();
    }
  });
});
