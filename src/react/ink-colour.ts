import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Ink colours a frame through chalk while it renders it (Text's transform, backgrounds, borders:
 * node_modules/ink/build/colorize.js), at the level chalk found for the process's stdout. A headless
 * app's stdout is not a terminal (level 0: no colour, no bold), yet its screen is read by an agent
 * that needs the colours a person would see. So the renders ink-mcp reads run at level 3 (24-bit),
 * and only while Ink renders: the app's own chalk calls elsewhere (its logs) keep the process's level.
 */

/** The part of chalk's default instance used here. */
interface Chalk {
  level: number;
}

/**
 * The chalk Ink imports (resolved from Ink's own folder: npm may nest a copy under it), or why it
 * could not be loaded. Loaded at import, like Ink's renderer (ink-frame.ts).
 */
const loaded: { chalk?: Chalk; why?: string } = await loadChalk();

async function loadChalk(): Promise<{ chalk?: Chalk; why?: string }> {
  try {
    const ink = createRequire(import.meta.url).resolve('ink');
    const path = createRequire(ink).resolve('chalk');
    const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
    const chalk = module.default as Partial<Chalk> | null | undefined;
    if (typeof chalk?.level !== 'number') return { why: "chalk's default export has no level" };
    return { chalk: chalk as Chalk };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

/** Why Ink's chalk could not be loaded (styles then are whatever the process's level gives), or undefined. */
export function inkColourMissing(): string | undefined {
  return loaded.chalk ? undefined : (loaded.why ?? 'unknown');
}

/** Runs `render` (an Ink render, synchronous) with Ink's chalk at 24-bit colour, then restores its level. */
export function inColour<T>(render: () => T): T {
  const { chalk } = loaded;
  if (!chalk) return render();
  const level = chalk.level;
  chalk.level = 3;
  try {
    return render();
  } finally {
    chalk.level = level;
  }
}

export interface ColourRenders {
  /** Whether Ink has rendered in colour since this started (a frame from before may have none). */
  painted(): boolean;
  /** Asks Ink to render the frame again (in colour), through whatever wraps its `onRender` now. */
  repaint(): void;
  /** Gives Ink back its own render functions (with the last user). */
  stop(): void;
}

interface RootState {
  readonly onRender: unknown;
  readonly onImmediateRender: unknown;
  readonly wrappers: { onRender?: () => void; onImmediateRender?: () => void };
  users: number;
  painted: boolean;
  passThrough: boolean;
}

/** On Ink's root node, so two sessions on one root share one wrapper. */
const STATE = Symbol.for('ink-mcp/ink-colour@1');

type InkRootNode = { onRender?: unknown; onImmediateRender?: unknown; [STATE]?: RootState };

/**
 * Makes every frame Ink renders for `container` (Ink's root node) a colour one: its per-commit
 * `onRender` and the `onImmediateRender` of `<Static>` commits run `inColour`. Install it before
 * anything that keeps Ink's `onRender` for later (deferred-render.ts), so that it wraps Ink's own.
 */
export function colourRenders(container: unknown): ColourRenders | undefined {
  if (typeof container !== 'object' || container === null) return undefined;
  const root = container as InkRootNode;
  const state = root[STATE] ?? install(root);
  if (state === undefined) return undefined;
  state.users++;
  let stopped = false;
  return {
    painted: () => state.painted,
    repaint: () => {
      if (typeof root.onRender === 'function') root.onRender();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (--state.users > 0 || root[STATE] !== state) return;
      delete root[STATE];
      for (const key of ['onRender', 'onImmediateRender'] as const) {
        const wrapper = state.wrappers[key];
        if (wrapper === undefined) continue;
        // Someone wrapped ours since: leave ours in place as a pass-through rather than cut them off.
        if (root[key] === wrapper) root[key] = state[key];
        else state.passThrough = true;
      }
    },
  };
}

function install(root: InkRootNode): RootState | undefined {
  if (typeof root.onRender !== 'function') return undefined;
  const state: RootState = {
    onRender: root.onRender,
    onImmediateRender: root.onImmediateRender,
    wrappers: {},
    users: 0,
    painted: false,
    passThrough: false,
  };
  for (const key of ['onRender', 'onImmediateRender'] as const) {
    const original = state[key];
    if (typeof original !== 'function') continue;
    const wrapper = function (this: unknown): void {
      if (state.passThrough) return void original.call(this);
      state.painted = true;
      inColour(() => original.call(this));
    };
    state.wrappers[key] = wrapper;
    root[key] = wrapper;
  }
  root[STATE] = state;
  return state;
}
