/**
 * The todo example's own cost of one toggle, with no ink-mcp session: its `App` rendered by Ink into
 * an in-memory terminal (debug mode, every frame rendered at once, as a headless app renders), the
 * list focused, then Space pressed and the next frame awaited, over and over. What is timed is the
 * app's work for the change: Ink reading the key, React's render and commit, Yoga's layout and Ink's
 * frame. An `act` toggle cannot answer sooner than a `screen.read` round trip plus this (act.bench.ts,
 * `ACT.floor`). The example's components still call `useMcpTools`, which without a session only
 * keep their declarations.
 */
import { render } from 'ink';
import { App } from '../examples/todo/App.js';
import { createMemoryTerminal } from '../src/react/memory-terminal.js';
import { median, type SamplerOptions, sample } from './stats.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Wall milliseconds per toggle (the median of the samples); throws if the screen does not end as the toggles left it. */
export async function bareToggle(options: SamplerOptions): Promise<number> {
  const terminal = createMemoryTerminal();
  const initial = ['alpha', 'beta', 'gamma'].map((text) => ({ text, done: false }));
  const app = render(<App initial={initial} />, terminal.inkOptions());
  let toggles = 0;
  /**
   * Waits, turn by turn, until the frame is no longer `before` (a generous bound: a busy machine);
   * `onTurn` runs at each turn that still finds it.
   */
  const changed = async (before: string | undefined, what: () => string, onTurn?: (turn: number) => void) => {
    for (let turn = 1; terminal.stdout.lastFrame() === before; turn++) {
      if (turn === 100_000) throw new Error(what());
      onTurn?.(turn);
      await tick();
    }
  };
  /**
   * Presses `key` and waits for the frame it causes. `resend`: sends it again if nothing changed
   * after that many turns, for the first key to a widget that just took focus, which Ink drops until
   * the widget's input effect has run.
   */
  const press = async (key: string, resend = Number.POSITIVE_INFINITY) => {
    const before = terminal.stdout.lastFrame();
    terminal.stdin.write(key);
    await changed(
      before,
      () => `the key ${JSON.stringify(key)} changed nothing:\n${terminal.screen()}`,
      (turn) => {
        if (turn % resend === 0) terminal.stdin.write(key);
      },
    );
  };
  try {
    await changed(undefined, () => 'the app drew no first frame');
    // Tab twice: from the new-item box past the filter tabs to the list, its cursor on "alpha".
    await press('\t');
    await press('\t');
    await press(' ', 1000);
    toggles++;
    const toggle = async () => {
      await press(' ');
      toggles++;
    };
    for (let i = 0; i < options.warmup; i++) await sample(toggle, options.batch);
    const samples: number[] = [];
    for (let i = 0; i < options.samples; i++) samples.push(await sample(toggle, options.batch));
    const screen = terminal.screen();
    const mark = toggles % 2 === 1 ? '› [x] alpha' : '› [ ] alpha';
    if (!screen.includes(mark))
      throw new Error(`after ${toggles} toggles the screen should show ${mark}:\n${screen}`);
    return median(samples);
  } finally {
    app.unmount();
  }
}
