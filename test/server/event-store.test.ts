import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { EVENT_STORE_LIMITS, ServerEvents, type SessionEvents } from '../../src/server/event-store.js';

const notice = (n: number, pad = 0): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { n, pad: 'x'.repeat(pad) },
});

/** The `n` of every event replayed after `id`. */
async function replayed(events: SessionEvents, id: string): Promise<unknown[]> {
  const seen: unknown[] = [];
  await events.replayEventsAfter(id, {
    send: async (_id, message) => {
      seen.push((message as { params?: { n?: unknown } }).params?.n ?? message);
    },
  });
  return seen;
}

describe('the event store', () => {
  it('replays what followed an event on its stream only, in order, without priming events', async () => {
    const events = new ServerEvents().session();
    const priming = await events.storeEvent('call', {} as JSONRPCMessage);
    await events.storeEvent('call', notice(1));
    await events.storeEvent('other', notice(99));
    await events.storeEvent('call', notice(2));
    expect(await replayed(events, priming)).toEqual([1, 2]);
    expect(await events.getStreamIdForEventId(priming)).toBe('call');
    expect(events.isCallStream(priming)).toBe(true);
    expect(events.isCallStream(await events.storeEvent('get', notice(3)))).toBe(false);
  });

  it('says when a stream holds the answer to each of its requests (so its priming event carries nothing a client needs)', async () => {
    const events = new ServerEvents().session();
    const priming = await events.storeEvent('call', {} as JSONRPCMessage);
    expect(events.answered(priming, [1])).toBe(false);
    await events.storeEvent('call', notice(1));
    await events.storeEvent('other', { jsonrpc: '2.0', id: 2, result: {} });
    expect(events.answered(priming, [1])).toBe(false);
    await events.storeEvent('call', { jsonrpc: '2.0', id: 1, result: {} });
    expect(events.answered(priming, [1])).toBe(true);
    // A batch: every request's answer (an error answers too).
    expect(events.answered(priming, [1, 2])).toBe(false);
    await events.storeEvent('call', { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'x' } });
    expect(events.answered(priming, [1, 2])).toBe(true);
    expect(events.answered('999', [1])).toBe(false);
  });

  it('keeps the last perStream events of a stream, and says an older id is no longer kept', async () => {
    const events = new ServerEvents({ ...EVENT_STORE_LIMITS, perStream: 5 }).session();
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push(await events.storeEvent('s', notice(n)));
    expect(await replayed(events, ids[15] as string)).toEqual([16, 17, 18, 19]);
    expect(events.missing(ids[15] as string)).toBeUndefined();
    expect(events.missing(ids[14] as string)).toMatch(
      /^the event 15 is no longer kept \(the server keeps the last 5 events of a stream .*\)/,
    );
    await expect(replayed(events, ids[0] as string)).rejects.toThrow(/no longer kept/);
    expect(events.missing('21')).toMatch(/is not the id of an event this session sent/);
  });

  it('stays within its event and byte bounds across sessions, evicting the oldest first', async () => {
    const server = new ServerEvents({ perStream: 1000, events: 50, bytes: 20_000 });
    const a = server.session();
    const b = server.session();
    let last = '';
    for (let n = 0; n < 400; n++) {
      last = await (n % 2 ? a : b).storeEvent(`stream-${n % 7}`, notice(n, n % 3 === 0 ? 900 : 10));
      expect(server.size.events).toBeLessThanOrEqual(50);
      expect(server.size.bytes).toBeLessThanOrEqual(20_000);
    }
    // The newest event is kept; the first of each session is long gone.
    expect(b.missing(last)).toBeUndefined();
    expect(a.missing('1')).toMatch(/no longer kept/);
    expect(b.missing('1')).toMatch(/no longer kept/);
  });

  it('keeps no message larger than the whole byte budget, and frees a session that ended', async () => {
    const server = new ServerEvents({ perStream: 10, events: 100, bytes: 1000 });
    const a = server.session();
    const big = await a.storeEvent('s', notice(1, 5000));
    expect(a.missing(big)).toMatch(/no longer kept/);
    expect(server.size).toEqual({ events: 0, bytes: 0 });
    await a.storeEvent('s', notice(2));
    const b = server.session();
    await b.storeEvent('s', notice(3));
    expect(server.size.events).toBe(2);
    a.clear();
    expect(server.size.events).toBe(1);
    // A late send after the session ended is not kept.
    await a.storeEvent('s', notice(4));
    expect(server.size.events).toBe(1);
  });
});
