import { afterEach, describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Hub } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import { type FeedMessage, openFeed } from '../../src/session/watch-feed.js';
import type { Logger } from '../../src/util/logger.js';
import { TerminalWatch } from '../../src/watch/terminal-watch.js';

/**
 * What a watcher gets of an app that draws hostile text (terminal title, clear screen, bell, bidi
 * override), and of an agent that sends it: the feed carries none of it raw, and the terminal
 * watcher writes only its own sequences.
 */
const quiet: Logger = { warn: () => {} };
const hubs: Hub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

const HOSTILE_SCREEN =
  'Title \u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u001b[0m \u202eevil\u202c \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u009b31m';

function hostileApp() {
  const source = new DataSource();
  source.set([
    {
      type: 'x',
      id: 'x',
      attrs: {},
      children: [],
      provider: {
        mcpTools: () => [
          {
            name: 'go',
            // Opted out of the refusal of controls, so that the escaping is what is checked.
            inputSchema: {
              type: 'object',
              properties: { note: { type: 'string', 'x-ink-mcp-allow-control': true } },
            },
            run: () => 'done \u001b[2J\u0007',
          },
        ],
      },
    },
  ]);
  const hub = new Hub({ logger: quiet });
  hubs.push(hub);
  const session = new Session({
    id: 'app',
    source,
    styledScreen: () => HOSTILE_SCREEN,
    screenSize: () => ({ columns: 60, rows: 5 }),
  });
  hub.attach(session);
  return { hub, session };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('the watch feed and the terminal watcher, with hostile text', () => {
  it('the feed carries the screen cleaned (colours kept) and the call escaped', async () => {
    const { hub, session } = hostileApp();
    const messages: FeedMessage[] = [];
    const feed = openFeed(hub, session, 'w\u001b]0;x\u0007', (m) => messages.push(m));
    await hub.call('app.x.go', { note: 'a\u202eb' });
    feed.close();
    const screen = messages.find((m) => m.type === 'screen');
    expect(JSON.stringify(screen)).toContain('"fg":"red"');
    const texts = JSON.stringify(messages, (_k, v) => v);
    for (const m of messages) for (const s of strings(m)) expect(s).not.toMatch(RAW);
    expect(texts).toContain('red');
    expect(messages.find((m) => m.type === 'call' && m.phase === 'asked')).toMatchObject({
      args: '{"note":"a\\u202Eb"}',
    });
    const answered = messages.find((m) => m.type === 'call' && m.phase === 'answered');
    expect(answered).toMatchObject({ ok: true, result: 'done \\u001B[2J\\u0007' });
  });

  it('the terminal watcher writes no escape sequence but its own drawing', async () => {
    const { hub, session } = hostileApp();
    const written: string[] = [];
    const view = new TerminalWatch(
      { write: (t) => written.push(t), columns: () => 80, rows: () => 24 },
      () => {},
      () => {},
    );
    const feed = openFeed(hub, session, 'terminal', (m) => view.receive(m));
    await hub.call('app.x.go', { note: 'a\u001b]0;pwned\u0007b' });
    feed.close();
    const frame = written.at(-1) as string;
    expect(frame).toContain('red');
    // Only SGR, erase-line, erase-below and cursor-home: no OSC (title, links), no bell, no 2J.
    const sequences = frame.match(SEQUENCE) ?? [];
    for (const seq of sequences) expect(seq).toMatch(OWN_SEQUENCE);
    expect(frame).not.toContain('\u001b[2J');
    expect(frame).not.toMatch(BELL_CSI_BIDI);
    expect(frame).toContain('{"note":"a\\u001b]0;pwned\\u0007b"}');
  });
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is the point.
const SEQUENCE = /\u001b[^a-zA-Z]*[a-zA-Z]?/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the watcher's own sequences.
const OWN_SEQUENCE = /^\u001b\[[0-9;]*[mKJH]$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a bell, a one-byte CSI, a bidi override.
const BELL_CSI_BIDI = /[\u0007\u009b\u202e]/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}
