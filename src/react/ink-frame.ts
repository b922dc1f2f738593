import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { stripEscapes } from '../walker/clean-text.js';
import { observeCommits } from './commit-observer.js';
import { inColour } from './ink-colour.js';
import { Scrollback } from './scrollback.js';

/**
 * The screen of an app drawn on a real terminal, taken from what Ink renders for the committed tree
 * rather than from what it wrote: Ink throttles terminal writes (about 30 a second, `throttle(this.onRender…)`
 * in node_modules/ink/build/ink.js), so the last write can be a frame older than the commit a call
 * caused. Ink lays out its root (`ink-root`) in every commit (`onComputeLayout`, see
 * docs/internals.md "Observing Ink's commits"); its own renderer turns that layout into the frame,
 * which is done here only when a screen is read, never per commit.
 */

/** `build/renderer.js`'s default export, the same in Ink 6.8 and Ink 8. */
type InkRenderer = (
  node: unknown,
  isScreenReaderEnabled?: boolean,
) => { output: string; outputHeight: number; staticOutput: string };

/** The part of Ink's root DOM node read here (node_modules/ink/build/dom.js). */
interface InkRoot {
  yogaNode?: unknown;
  staticNode?: { childNodes?: readonly unknown[] };
}

/**
 * Ink's renderer, from the copy of Ink ink-mcp imports (under the preload, the app's own:
 * src/register/hooks.ts). Ink's `exports` map offers only its entry, so the file is found beside the
 * entry. Loaded at import: Ink's own modules (yoga-layout) await at top level too.
 */
const loaded: { renderer?: InkRenderer; why?: string } = await loadRenderer();

/**
 * Ink's entry as an import resolves it, which the preload's hooks see (`require.resolve` does not).
 * Vitest's module runner has no `import.meta.resolve`: there, no hooks run either.
 */
function inkEntry(): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('ink');
  return pathToFileURL(createRequire(import.meta.url).resolve('ink')).href;
}

async function loadRenderer(): Promise<{ renderer?: InkRenderer; why?: string }> {
  try {
    const module = (await import(new URL('renderer.js', inkEntry()).href)) as {
      default?: unknown;
    };
    if (typeof module.default !== 'function') return { why: 'build/renderer.js has no default export' };
    return { renderer: module.default as InkRenderer };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

/** Why Ink's renderer could not be loaded, or undefined when it was. */
export function inkRendererMissing(): string | undefined {
  return loaded.renderer ? undefined : (loaded.why ?? 'unknown');
}

/**
 * The committed frame of one Ink root, with what a person sees above it: the `<Static>` output, and
 * whatever else the scrollback is given (the app's console output), in the order written. Rendered
 * in colour (ink-colour.ts): `styled()` is the frame with its escape sequences, `frame()` without.
 */
export class InkFrame {
  readonly #root: InkRoot;
  readonly #render: InkRenderer;
  readonly #above: Scrollback;
  #stop: () => void;

  /** Undefined when this Ink's renderer is not there (see `inkRendererMissing`). */
  static create(container: unknown, above: Scrollback = new Scrollback()): InkFrame | undefined {
    const { renderer } = loaded;
    if (!renderer || typeof container !== 'object' || container === null) return undefined;
    return new InkFrame(container as InkRoot, renderer, above);
  }

  private constructor(root: InkRoot, render: InkRenderer, above: Scrollback) {
    this.#root = root;
    this.#render = render;
    this.#above = above;
    // `<Static>` children exist only in the commit that adds them (Ink's Static component drops
    // them in a layout effect), so their output is taken then; the check is cheap otherwise.
    this.#stop = observeCommits(root, () => this.#keepStatic());
    // Created while the session mounts, in the layout phase of the app's first commit: a
    // `<Static>` of that commit still has its children (Ink's Static drops them in a re-render
    // its own layout effect schedules), and their layout is computed.
    this.#keepStatic();
  }

  /**
   * The frame now as plain text (escapes removed, trailing blank lines trimmed), the lines above it
   * first; undefined if Ink's renderer fails on this tree (internals changed: the caller falls back).
   */
  frame(): string | undefined {
    const styled = this.styled();
    return styled === undefined ? undefined : stripEscapes(styled).replace(/\s+$/, '');
  }

  /** The same with its escape sequences (Ink's colours and styles), trailing blanks left in. */
  styled(): string | undefined {
    let output: string;
    try {
      output = inColour(() => this.#render(this.#root, false)).output;
    } catch {
      return undefined;
    }
    const above = this.#above.lines();
    return above.length === 0 ? output : `${above.join('\n')}\n${output}`;
  }

  dispose(): void {
    this.#stop();
    this.#stop = () => {};
  }

  #keepStatic(): void {
    if ((this.#root.staticNode?.childNodes?.length ?? 0) === 0) return;
    let staticOutput: string;
    try {
      staticOutput = inColour(() => this.#render(this.#root, false)).staticOutput;
    } catch {
      return;
    }
    // Ink writes static output only when it is more than its trailing newline (ink.js, onRender).
    if (staticOutput === '' || staticOutput === '\n') return;
    this.#above.add(staticOutput);
  }
}
