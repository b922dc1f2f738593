import { describe, expect, it } from 'vitest';
import {
  brokenSchema,
  type CallError,
  circuitOpen,
  denied,
  handlerError,
  invalidArguments,
  isCallError,
  noEffect,
  sessionNotRunning,
  timedOut,
  unknownTool,
  widgetUnavailable,
} from '../../src/registry/call-error.js';
import { formatPath } from '../../src/registry/describe-call-error.js';
import { errorText } from '../../src/util/text.js';

const all: CallError[] = [
  unknownTool('s.w.go'),
  invalidArguments('s.w.go', [{ path: ['a'], message: 'is required' }]),
  brokenSchema('s.w.go', 'bad'),
  circuitOpen('s.w.go', 1500, false, 5),
  circuitOpen('s.w.go', 1000, true, 5),
  ...(['no_authorizer', 'denied', 'declined', 'no_confirm', 'authorizer_failed'] as const).map((r) =>
    denied('s.w.go', r),
  ),
  ...(['absent', 'type_changed', 'disabled'] as const).map((why) =>
    widgetUnavailable('s.w.go', 'w', why, 'go'),
  ),
  sessionNotRunning('s.w.go', 's'),
  handlerError('s.w.go', new Error('disk full')),
  noEffect('s.w.go', 'pressed Enter in the field, but nothing changed', 'Read the screen'),
  timedOut('s.w.go', 30_000),
];

describe('call errors', () => {
  it('every message starts with ink-mcp:, names the tool and is a CallError', () => {
    for (const error of all) {
      expect(error.message).toMatch(/^ink-mcp: /);
      expect(error.message).toContain('"s.w.go"');
      expect(isCallError(error)).toBe(true);
    }
  });

  it('says what to do', () => {
    expect(unknownTool('x').message).toContain('call tools/list again');
    expect(widgetUnavailable('s.w.go', 'w', 'absent').message).toContain('Call tools/list again');
    expect(widgetUnavailable('s.w.go', 'w', 'absent').message).toContain('"w" is not on the screen');
    expect(widgetUnavailable('s.w.go', 'w', 'disabled', 'go').message).toContain('does not offer "go"');
    expect(sessionNotRunning('s.w.go', 's').message).toContain('session "s" is not running');
    expect(circuitOpen('t', 1500, false, 5).message).toContain('Try again in 2 s (retryAfterMs: 1500)');
    expect(handlerError('t', new Error('disk full')).message).toContain('failed: disk full');
    expect(timedOut('t', 30_000).message).toContain('30000 ms');
    // Applied, not undone, so not to be repeated as it is; what happened, then what to try.
    expect(noEffect('t', 'typed 3 characters, but it still shows ""', 'focus it first.').message).toBe(
      'ink-mcp: "t" was carried out, but its effect is not seen: typed 3 characters, but it still shows "". ' +
        'The call was applied (nothing was undone), so calling it again as it is will most likely do the same. ' +
        'focus it first.',
    );
  });

  it('clips long foreign text', () => {
    expect(handlerError('t', 'x'.repeat(10_000)).message.length).toBeLessThan(800);
    expect(noEffect('t', 'x'.repeat(10_000), 'y'.repeat(10_000)).message.length).toBeLessThan(1300);
  });

  it('formats paths zod-like', () => {
    expect(formatPath([])).toBe('(arguments)');
    expect(formatPath(['items', 0, 'name'])).toBe('items[0].name');
    expect(formatPath(['a b', '0', 3])).toBe('["a b"]["0"][3]');
  });

  it('errorText never throws', () => {
    expect(errorText(new Error('m'))).toBe('m');
    expect(errorText('s')).toBe('s');
    expect(errorText(Object.create(null))).toBe('an unprintable value was thrown');
  });
});

describe('errors worded once at the boundary', () => {
  it('errors worded once at the boundary: the answer names the listed tool; facts, and text from elsewhere, keep theirs', async () => {
    const { toCallResult } = await import('../../src/server/call-result.js');
    // A handler's own text that happens to quote the canonical name is the handler's: not renamed.
    const error = handlerError('s.w.go', new Error('cannot "s.w.go" twice'));
    const listedName = (canonical: string) => canonical.replaceAll('.', '_');
    const result = toCallResult(
      { ok: false, fault: true, error },
      {
        includeScreen: false,
        listedName,
        blocks: 'one',
        surface: 'widgets',
      },
    );
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^ink-mcp: "s_w_go" failed: cannot "s\.w\.go" twice\./);
    expect(error).toMatchObject({ code: 'handler_error', tool: 's.w.go', detail: 'cannot "s.w.go" twice' });
    // A direct user of the hub reads the same words with the canonical name.
    expect(error.message).toMatch(/^ink-mcp: "s\.w\.go" failed: /);
  });
});
