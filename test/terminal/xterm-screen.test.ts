import { afterEach, describe, expect, it } from 'vitest';
import { terminalSession } from '../../src/terminal/terminal-session.js';
import { createXtermScreen, type TerminalScreen } from '../../src/terminal/xterm-screen.js';

let screens: TerminalScreen[] = [];
afterEach(() => {
  for (const screen of screens) screen.dispose();
  screens = [];
});

function screenOf(options: Partial<Parameters<typeof createXtermScreen>[0]> = {}): TerminalScreen {
  const screen = createXtermScreen({ columns: 20, rows: 4, convertEol: true, ...options });
  screens.push(screen);
  return screen;
}

describe('the screen of a terminal app (@xterm/headless)', () => {
  it('shows what a terminal of that size shows: redraws applied, the bottom rows once output scrolled', async () => {
    const screen = screenOf();
    // Ink's way to redraw: erase the frame's lines, write the new one.
    screen.write('count 1\nready');
    screen.write('\u001B[2K\u001B[1A\u001B[2K\u001B[Gcount 2\nready');
    await screen.parsed();
    expect(screen.text()).toBe('count 2\nready');
    screen.write('\n3\n4\n5\n6');
    await screen.parsed();
    expect(screen.text()).toBe('3\n4\n5\n6');
  });

  it('without convertEol (a pseudo-terminal did it already), a bare line feed keeps the column', async () => {
    const screen = screenOf({ convertEol: false });
    screen.write('ab\ncd');
    await screen.parsed();
    expect(screen.text()).toBe('ab\n  cd');
  });

  it("answers the app's queries to its terminal (a cursor position report) on its input", async () => {
    const replies: string[] = [];
    const screen = screenOf({ reply: (data) => replies.push(data) });
    screen.write('xy\u001B[6n');
    await screen.parsed();
    expect(replies).toEqual(['\u001B[1;3R']);
  });

  it('answered(): done once output came and went quiet, or when none came within firstMs', async () => {
    const screen = screenOf();
    const quiet = screen.answered({ firstMs: 10_000, quietMs: 30, maxMs: 10_000 });
    setImmediate(() => screen.write('a'));
    const started = performance.now();
    await quiet;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(screen.text()).toBe('a');
    // Nothing comes: the wait ends at firstMs, not maxMs.
    const nothing = performance.now();
    await screen.answered({ firstMs: 50, quietMs: 30, maxMs: 10_000 });
    expect(performance.now() - nothing).toBeLessThan(5_000);
    // sinceStart: what was written before counts (the first screen is there already).
    const first = performance.now();
    await screen.answered({ firstMs: 10_000, quietMs: 30, maxMs: 10_000, sinceStart: true });
    expect(performance.now() - first).toBeLessThan(5_000);
  });
});

describe('a terminal session', () => {
  it('offers the keyboard and screen tools, says its mode, and has no focus', async () => {
    const screen = screenOf({ columns: 30, rows: 5 });
    const sent: string[] = [];
    const session = terminalSession({
      id: 'app',
      app: { screen, send: (data) => sent.push(data), route: 'pty' },
    });
    expect(session.tree().map((n) => n.id)).toEqual(['keyboard', 'screen', 'focus']);
    expect(session.mode).toContain('Mode: terminal');
    expect(session.mode).toContain('pseudo-terminal');
    expect(session.focus).toBeUndefined();
    screen.write('hello');
    await screen.parsed();
    expect(session.screen()).toBe('hello');
    // A key goes to the app's input as the bytes a terminal sends.
    const typing = session.input?.('\r');
    screen.write('\nok');
    await typing;
    expect(sent).toEqual(['\r']);
    expect(session.screen()).toBe('hello\nok');
  });
});

describe('the cursor of a terminal session', () => {
  it('says where the cursor is while it is shown, on the rows the screen shows; nothing while it is hidden', async () => {
    const screen = screenOf({ columns: 10, rows: 3 });
    const session = terminalSession({ id: 'app', app: { screen, send: () => {}, route: 'pty' } });
    expect(screen.cursor()).toEqual({ row: 1, column: 1 });
    screen.write('$ ls\nname: ');
    await screen.parsed();
    expect(screen.cursor()).toEqual({ row: 2, column: 7 });
    expect(session.mode?.split('\n')).toEqual([
      expect.stringMatching(/^Mode: terminal/),
      'Cursor: row 2, column 7.',
    ]);
    // Moved by the app (CUP), after output scrolled: counted on the bottom screen, as text() is.
    screen.write('\n1\n2\n3\u001B[2;4H');
    await screen.parsed();
    expect(screen.text()).toBe('1\n2\n3');
    expect(screen.cursor()).toEqual({ row: 2, column: 4 });
    // Hidden (as Ink hides it): no line at all, not a position nobody sees.
    screen.write('\u001B[?25l');
    await screen.parsed();
    expect(screen.cursor()).toBeUndefined();
    expect(session.mode).not.toContain('Cursor');
    // Other private modes leave it hidden; showing it again brings the line back.
    screen.write('\u001B[?1049h\u001B[?1049l');
    await screen.parsed();
    expect(screen.cursor()).toBeUndefined();
    screen.write('\u001B[?25h');
    await screen.parsed();
    expect(session.mode).toContain('Cursor: row 2, column 4.');
    // A full row leaves the cursor past its end, before the wrap: it is on the last column.
    screen.write('\u001B[3;1H0123456789');
    await screen.parsed();
    expect(screen.cursor()).toEqual({ row: 3, column: 10 });
  });
});

describe('colours from the terminal', () => {
  it('styled(): each run in its style as SGR; screen.read {styles} of a terminal session names them', async () => {
    const screen = screenOf({ columns: 30, rows: 3 });
    screen.write(
      '\u001B[1;32mok\u001B[0m plain \u001B[48;2;106;170;100mC\u001B[0m\n\u001B[38;5;208mx\u001B[39m',
    );
    await screen.parsed();
    expect(screen.styled()).toBe(
      '\u001B[1;32mok\u001B[0m plain \u001B[48;2;106;170;100mC\u001B[0m\n\u001B[38;5;208mx\u001B[0m',
    );
    const session = terminalSession({
      id: 'app',
      app: { screen, send: () => {}, route: 'in-process-terminal' },
    });
    const read = session.readScreen(undefined, true);
    expect(read?.styled).toBe(true);
    expect(read?.text).toContain('[bold green]ok[/] plain [on green(#6aaa64)]C[/]');
    expect(session.screen()).toBe('ok plain C\nx');
  });
});
