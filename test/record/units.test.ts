import { describe, expect, it } from 'vitest';
import { normalizeScreen, screenMatchers } from '../../src/testing/screen-matchers.js';
import { castFrameLine, castHeaderLine, parseCast } from '../../src/util/asciicast.js';
import { lineDiff } from '../../src/util/line-diff.js';
import { maskVolatile } from '../../src/util/mask-volatile.js';
import { answerText, parseRecording } from '../../src/util/recording.js';

expect.extend(screenMatchers);

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: as vitest declares it
  interface Matchers<T = any> {
    toMatchScreen(expected: string): void;
    toMatchAnswer(expected: string): void;
  }
}

describe('maskVolatile', () => {
  it('masks times, dates, durations, ids and later sessions, and nothing else', () => {
    const text =
      'saved at 2026-12-05T00:09:23.814Z (12:04:59), took 340 ms then 1.5 s; id 3f2a1c9e-0b1d-4c3e-9f00-1234567890ab, ' +
      'hash deadbeefdeadbeef01; born 2025-01-31; app_2.keyboard.press; 3 items · position 2,2 · 10 tests passed';
    expect(maskVolatile(text, { sessions: ['app'] })).toBe(
      'saved at <time> (<time>), took <ms> then <s>; id <id>, hash <id>; born <date>; app_<n>.keyboard.press; ' +
        '3 items · position 2,2 · 10 tests passed',
    );
    expect(maskVolatile(maskVolatile(text, { sessions: ['app'] }), { sessions: ['app'] })).toBe(
      maskVolatile(text, { sessions: ['app'] }),
    );
    expect(maskVolatile('"id": 1733356800000, "count": 1234567890')).toBe(
      '"id": <time>, "count": 1234567890',
    );
    // Without the session named, `_N` stays: `row_2` may be the app's own id.
    expect(maskVolatile('row_2 and app_2')).toBe('row_2 and app_2');
  });
});

describe('lineDiff', () => {
  it('shows the expected line, then the one that came, with a little context', () => {
    const expected = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const actual = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h'].join('\n');
    expect(lineDiff(expected, actual, 1)).toBe(['  …', '  d', '- e', '+ E', '  f', '  …'].join('\n'));
    expect(lineDiff('x', 'x\ny')).toBe('  x\n+ y');
  });
});

describe('parseRecording', () => {
  const header = JSON.stringify({
    type: 'header',
    version: 1,
    launch: { preload: true, command: ['node', 'a.js'], env: {} },
    cwd: '/app',
    session: 'app',
    columns: 80,
    rows: 24,
    time: '2026-12-07T13:00:00.000Z',
  });
  const call = JSON.stringify({
    type: 'call',
    seq: 1,
    time: 0.5,
    ms: 2,
    tool: 't',
    canonical: 'app.t',
    arguments: {},
    answer: {},
    screen: null,
  });

  it('reads the lines and drops a last one a crash tore', () => {
    const parsed = parseRecording(`${header}\n${call}\n{"type":"ca`);
    expect(parsed.ok && parsed.recording.calls.map((c) => c.seq)).toEqual([1]);
  });

  it('names the line that is wrong, and a file that is not a recording', () => {
    expect(parseRecording(`${header}\nnot json\n${call}\n`, 'r.jsonl')).toMatchObject({
      ok: false,
      code: 'bad_line',
      message: expect.stringContaining('line 2 of r.jsonl is not JSON'),
    });
    expect(parseRecording('{"type":"call"}\n', 'r.jsonl')).toMatchObject({
      ok: false,
      code: 'not_a_recording',
      message: expect.stringContaining('Make one with ink-mcp --record <file> -- <command…>'),
    });
  });

  it('answerText: text blocks in order, marked when an error, protocol errors by code', () => {
    expect(answerText({ content: [{ type: 'text', text: 'a' }, { type: 'image' }], isError: true })).toBe(
      '[error]\na\n[image block]',
    );
    expect(answerText({ error: { code: -32602, message: 'bad' } })).toBe('[protocol error -32602] bad');
  });
});

describe('asciicast', () => {
  it('round-trips a header and frames that clear the screen', () => {
    const text =
      castHeaderLine({ version: 2, width: 40, height: 10, timestamp: 1 }) +
      castFrameLine(0.5, 'one\ntwo') +
      castFrameLine(1, 'three');
    const cast = parseCast(text);
    expect(cast).toMatchObject({ ok: true, header: { version: 2, width: 40, height: 10 } });
    expect(cast.ok && cast.events).toEqual([
      [0.5, 'o', '\u001b[H\u001b[2J\u001b[3Jone\r\ntwo'],
      [1, 'o', '\u001b[H\u001b[2J\u001b[3Jthree'],
    ]);
    expect(parseCast('{"version":1}\n')).toMatchObject({ ok: false, code: 'not_a_cast' });
  });
});

describe('screenMatchers', () => {
  it('toMatchScreen ignores trailing spaces and blank end lines, and masks volatile parts', () => {
    expect(' Todo   \n at 12:00:01\n\n').toMatchScreen(' Todo\n at 09:30:00');
    expect(normalizeScreen('a  \n\n')).toBe('a');
  });

  it('a mismatch says what differs, as a line diff', () => {
    let message = '';
    try {
      expect('Todo\n[x] milk\nfooter').toMatchScreen('Todo\n[ ] milk\nfooter');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'expected the screen to match (- expected, + actual):\n  Todo\n- [ ] milk\n+ [x] milk\n  footer',
    );
    expect('a').not.toMatchScreen('b');
  });

  it('toMatchAnswer reads a call result as text, marked when it is an error', () => {
    expect({ content: [{ type: 'text', text: 'nope' }], isError: true }).toMatchAnswer('[error]\nnope');
    expect({ content: [{ type: 'text', text: 'done in 5 ms' }] }).toMatchAnswer('done in 7 ms');
    expect({ content: [{ type: 'text', text: 'ok' }] }).not.toMatchAnswer('[error]\nok');
  });
});

describe('recordedSettings', () => {
  it("are the launcher's own settings (each checked like its flag), and nothing else of a recorded environment", async () => {
    const { ENV } = await import('../../src/launcher/config.js');
    const { RECORDED_SETTINGS, recordedSettings } = await import('../../src/util/recording.js');
    expect([...RECORDED_SETTINGS].sort()).toEqual(
      [ENV.session, ENV.columns, ENV.rows, ENV.builtinTools, ENV.surface, ENV.answerBlocks].sort(),
    );
    expect(
      recordedSettings({
        INK_MCP_COLUMNS: '60',
        NODE_OPTIONS: '--import=data:x',
        INK_MCP_RECORD: 'x',
        PATH: '/evil',
      }),
    ).toEqual({ kept: { INK_MCP_COLUMNS: '60' }, dropped: ['NODE_OPTIONS', 'INK_MCP_RECORD', 'PATH'] });
  });
});
