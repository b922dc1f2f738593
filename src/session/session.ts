import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { cleanScreenText } from '../walker/clean-text.js';
import { defaultTypeMap } from '../walker/type-map.js';
import type { Logger, TypeMap, ViewNode } from '../walker/types.js';
import { type ScreenSize, type ScreenView, viewScreen, viewText } from './screen-view.js';
import type { ViewSource } from './view-source.js';

export type { DispatchResult, ToolChanges } from './call-outcome.js';

export interface SessionOptions {
  /** The first segment of every tool name: 1–32 of [A-Za-z0-9_-]. */
  id: string;
  source: ViewSource;
  /** Type-name keyed providers for the walker (component-keyed ones are resolved by the snapshot). */
  typeMap?: TypeMap;
  logger?: Logger;
  /** The screen as plain text, when the app renders to one the session can read. @default `source.screen` */
  screen?: () => string | undefined;
  /** The terminal's size now: the screen an agent reads is at most its rows and columns. @default unbounded */
  screenSize?: () => ScreenSize | undefined;
  /** Which widget has focus, in words, for every answer. @default none */
  focus?: () => string | undefined;
  /** Types into the app as a person would (`CallInfo.input`); resolves once the key took effect. @default none */
  input?: (data: string) => Promise<void>;
}

/**
 * One running app as an agent sees it: its tree, its screen, its keyboard, and whether it still runs.
 * It knows nothing of the hub it is attached to: the hub's dispatcher reads it and runs calls
 * against it, and hears its stop.
 */
export class Session {
  readonly id: string;
  readonly source: ViewSource;
  readonly typeMap: TypeMap;
  readonly logger: Logger | undefined;
  /** Types into the app as a person would (`CallInfo.input`), when the app has a keyboard. */
  readonly input: ((data: string) => Promise<void>) | undefined;
  /** Which widget has focus, in words, for every answer (when the app has focus). */
  readonly focus: (() => string | undefined) | undefined;
  readonly #readScreen: (() => string | undefined) | undefined;
  readonly #screenSize: (() => ScreenSize | undefined) | undefined;
  #running = true;
  readonly #onStop: Subscribable<void>;
  /** The last screen answered, and what it was made from. */
  #lastScreen: { raw: string; rows: number; columns: number; text: string } | undefined;

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.source = options.source;
    this.typeMap = options.typeMap ?? defaultTypeMap();
    this.logger = options.logger;
    this.input = options.input;
    this.focus = options.focus;
    this.#readScreen = options.screen ?? options.source.screen?.bind(options.source);
    this.#screenSize = options.screenSize;
    this.#onStop = new Subscribable<void>((error) =>
      this.logger?.warn(`ink-mcp: a stop listener of session "${this.id}" threw: ${errorText(error)}`),
    );
  }

  get running(): boolean {
    return this.#running;
  }

  /** The tree as of the last commit. */
  tree(): ViewNode[] {
    return this.source.current();
  }

  /** Re-reads the tree now. */
  snapshot(): ViewNode[] {
    return this.source.snapshot();
  }

  subscribe(listener: (tree: ViewNode[]) => void): () => void {
    return this.source.subscribe(listener);
  }

  /** `subscribe` for a listener that does not read the tree (it is then never made for it). */
  onChange(listener: () => void): () => void {
    return this.source.onChange?.(listener) ?? this.source.subscribe(() => listener());
  }

  /** The tree tools are derived from (`ViewSource.toolTree`); `fresh` re-reads it first. */
  toolTree(fresh = false): ViewNode[] {
    const { source } = this;
    if (source.toolTree) return source.toolTree(fresh);
    return fresh ? source.snapshot() : source.current();
  }

  onStop(listener: () => void): () => void {
    return this.#onStop.subscribe(listener);
  }

  /** The app unmounted: its hub answers every call from now on (queued or running) `session_not_running`. */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#onStop.emit();
    this.#onStop.clear();
  }

  /**
   * The screen as a person sees it, if the session has one: cleaned, at most the terminal's rows
   * (the last ones) and columns, with a note line first when something is cut. What answers carry.
   */
  screen(): string | undefined {
    const raw = this.fullScreen();
    if (raw === undefined) return undefined;
    const { rows, columns } = this.#size();
    // A screen that did not change since the last answer (a call that changed nothing visible, or
    // an error) is not cleaned and cut again.
    const last = this.#lastScreen;
    if (last !== undefined && last.raw === raw && last.rows === rows && last.columns === columns)
      return last.text;
    const text = viewText(this.#view(raw, rows, columns));
    this.#lastScreen = { raw, rows, columns, text };
    return text;
  }

  /** The screen's lines from `offset` (the first line, 0 is the top), or its last rows; cleaned and bounded. */
  screenView(offset?: number): ScreenView | undefined {
    const raw = this.fullScreen();
    if (raw === undefined) return undefined;
    const { rows, columns } = this.#size();
    return this.#view(raw, rows, columns, offset);
  }

  #view(raw: string, rows: number, columns: number, offset?: number): ScreenView {
    return viewScreen(cleanScreenText(raw), { rows, columns, offset, sessionId: this.id });
  }

  /** The terminal's size now (unbounded when unknown). */
  #size(): ScreenSize {
    let size: ScreenSize | undefined;
    try {
      size = this.#screenSize?.();
    } catch {
      size = undefined;
    }
    return {
      rows: size?.rows ?? Number.POSITIVE_INFINITY,
      columns: size?.columns ?? Number.POSITIVE_INFINITY,
    };
  }

  /** The whole screen as the app rendered it (plain text, not bounded, not cleaned), if the session has one. */
  fullScreen(): string | undefined {
    try {
      return this.#readScreen?.();
    } catch {
      return undefined;
    }
  }
}
