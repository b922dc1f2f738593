import type { EventEmitter } from 'node:events';
import { Component, type ReactElement, type ReactNode } from 'react';
import { defaultTypeMap } from '../registry/default-type-map.js';
import { PngRasterizer, type ScreenshotOptions } from '../screen/png-rasterizer.js';
import type { ScreenSize } from '../screen/screen-view.js';
import type { Confirmer } from '../session/confirmer.js';
import { Session } from '../session/session.js';
import type { SessionHost } from '../session/session-host.js';
import type { Logger } from '../util/logger.js';
import { stderrLogger } from '../util/logger.js';
import { errorText } from '../util/text.js';
import { personOnlyWidget } from '../walker/person-only.js';
import { SpliceNotes } from '../walker/splice-note.js';
import { ariaOutline, ariaTree } from './aria-outline.js';
import { AutoIds } from './auto-ids.js';
import { BuiltinNodes } from './builtins/builtin-nodes.js';
import type { BuiltinHost } from './builtins/host.js';
import { ConfirmPrompt } from './ConfirmPrompt.js';
import { type DeferredRender, deferRenders } from './deferred-render.js';
import type { Fiber } from './fiber-types.js';
import { FiberViewSource } from './fiber-view-source.js';
import { focusOwner } from './focus-owner.js';
import { FocusReader } from './focus-state.js';
import { focusWords } from './focus-words.js';
import { type ColourRenders, colourRenders, inkColourMissing } from './ink-colour.js';
import { InkFrame, inkRendererMissing } from './ink-frame.js';
import { KeyboardTap } from './KeyboardTap.js';
import { DEFAULT_KEY_EFFECTS_MS } from './key-effects.js';
import { type KeyOutcome, pressAndSettle } from './key-settling.js';
import { SessionErrorBoundary } from './SessionErrorBoundary.js';
import type { Scrollback } from './scrollback.js';
import { SessionContext, type SessionLink } from './session-context.js';
import { type McpTypeMap, namedPart } from './type-map.js';

export interface McpSessionProps {
  /** The first segment of every tool name of this subtree: 1–32 of `[A-Za-z0-9_-]`. */
  id: string;
  /** Where the session is served (`createMcpServer()`); attached after mount, detached on unmount. */
  server?: SessionHost;
  /** Makes components providers without touching them. @default no entries */
  typeMap?: McpTypeMap;
  /** Where warnings go. @default a logger writing to stderr */
  logger?: Logger;
  /**
   * The screen as plain text: what a call's answer shows. A function (e.g. an in-memory terminal's
   * last frame; not bounded), or an `McpScreen`: Ink's committed frame, bounded to the terminal.
   * @default none
   */
  screen?: (() => string | undefined) | McpScreen;
  /**
   * Shows an authorizer's `'ask'` questions to the person at the terminal, below the app.
   * @default none (nothing is asked in the app)
   */
  confirmer?: Confirmer;
  /**
   * Offer the built-in tools `keyboard.press`, `keyboard.type`, `screen.read`, `screen.wait_for` and
   * (while something can take focus) `focus.list`, `focus.set`, `focus.next`, `focus.previous`.
   * Their widget ids (`keyboard`, `screen`, `focus`) are reserved either way.
   * @default true
   */
  builtinTools?: boolean;
  /**
   * Offer `screen.screenshot` too (with the built-in tools): the screen as a PNG image, with its text.
   * It needs the optional packages `@resvg/resvg-js` and `dejavu-fonts-ttf` (loaded at the first
   * screenshot), or a `rasterizer` of your own.
   * @default false
   */
  screenshots?: boolean | ScreenshotOptions;
  /**
   * How long (at most) a key's answer waits, after the key's commit, for the short timers the key
   * set in motion (a view the app switches to 10 ms after the key) and what they render; timers
   * longer than this are not waited for, and a key that schedules none costs nothing more
   * (src/react/key-effects.ts). 0 turns the wait off.
   * @default 150 (the launcher's `INK_MCP_KEY_EFFECTS_MS`)
   */
  keyEffectsMs?: number;
  children?: ReactNode;
}

/** The screen of an app drawn on a terminal, as an agent should read it. */
export interface McpScreen {
  /**
   * Where the text comes from: a function, or `'ink-frame'`, the frame Ink renders for the committed
   * tree (with `<Static>` lines above it), rendered when a screen is read. Use `'ink-frame'` for an
   * app drawn on a real terminal: Ink throttles its writes, so the last one may be a frame behind.
   */
  source: (() => string | undefined) | 'ink-frame';
  /** With `'ink-frame'`: the text if this Ink's renderer cannot be loaded (warned once, on stderr). */
  fallback?: () => string | undefined;
  /**
   * With a `source` function that reads Ink's own output in memory (a headless app, where nothing
   * else reads it): Ink renders its frame when the screen is read, or 32 ms after a commit at the
   * latest, rather than in every commit (src/react/deferred-render.ts). @default false
   */
  renderOnRead?: boolean;
  /** The terminal's size now: answers show at most its rows (the last ones) and columns. @default unbounded */
  size?: () => ScreenSize | undefined;
  /**
   * With a `source` function: the same screen with its escape sequences (e.g. an in-memory terminal's
   * last frame as Ink wrote it). `'ink-frame'` reads the frame's own. With it `screen.read {styles}`
   * shows colours and styles, and answers say when the colours changed. @default none
   */
  styled?: () => string | undefined;
  /**
   * Ink renders this session's frames in 24-bit colour whatever colour support the process has, and
   * only while it renders them (src/react/ink-colour.ts): for a screen in memory, whose styles are
   * read rather than seen. @default false
   */
  colour?: boolean;
  /**
   * With `'ink-frame'`: the lines a terminal keeps above the frame, which the `<Static>` output joins
   * in order; whoever writes the app's console output there gives it here. @default its own
   */
  scrollback?: Scrollback;
}

/**
 * Binds its subtree to a session: after every commit the tool components inside it (not those of a
 * nested `<McpSession>`) are snapshotted into the session's view tree.
 */
export function McpSession(props: McpSessionProps): ReactElement {
  return <SessionAnchor {...props} />;
}

/**
 * A class because its instance gives a fiber (`_reactInternals`), from which the snapshot finds
 * this subtree in each committed tree. It is also what marks a nested session's boundary.
 */
class SessionAnchor extends Component<McpSessionProps> {
  #source: FiberViewSource | null = null;
  #session: Session | null = null;
  #detach: (() => void) | undefined;
  #teardownPending = false;
  /** The committed frame, while the `screen` prop asks for `'ink-frame'`. */
  #frame: InkFrame | undefined;
  /** Ink's renders, while the `screen` prop asks for `renderOnRead`. */
  #deferred: DeferredRender | undefined;
  /** Ink's renders in colour, while the `screen` prop asks for `colour`. */
  #colour: ColourRenders | undefined;
  /** One per anchor: it remembers where Ink keeps its focus state. */
  readonly #focus = new FocusReader();
  readonly #link: SessionLink = { committed: () => this.#source?.committed() };
  #keyboard: EventEmitter | undefined;
  readonly #onKeyboard = (emitter: EventEmitter | undefined) => {
    this.#keyboard = emitter;
  };
  readonly #onRenderError = (error: unknown) => {
    const why = errorText(error);
    (this.props.logger ?? stderrLogger).warn(
      `ink-mcp: session "${this.props.id}" stopped: its app threw while rendering (${why}). Other sessions keep running.`,
    );
    this.#stop();
  };
  /** The session's keyboard (`CallInfo.input`): a key as a person's, settled (key-settling.ts). */
  readonly #input = (data: string): Promise<void> => this.#press(data).then(() => undefined);
  readonly #press = (data: string): Promise<KeyOutcome> => {
    if (!this.#keyboard)
      return Promise.reject(
        new Error('ink-mcp: this session has no keyboard (it is not rendered under Ink).'),
      );
    return pressAndSettle(
      this.#keyboard,
      data,
      () => this.#source?.settled() ?? Promise.resolve(),
      keyEffectsMs(this.props.keyEffectsMs),
    );
  };

  override componentDidMount(): void {
    // StrictMode (development) unmounts and remounts the same instance at once: keep the session.
    if (this.#teardownPending) {
      this.#teardownPending = false;
      return;
    }
    this.#start();
  }

  override componentDidUpdate(prev: McpSessionProps): void {
    if (prev.id !== this.props.id) {
      this.#stop();
      this.#start();
      return;
    }
    if (prev.server !== this.props.server && this.#session) {
      this.#detach?.();
      this.#detach = this.#attach(this.#session);
    }
    // A new type map changes the tree without changing any host node; Ink's commit hook hears this
    // commit only because this class has componentDidUpdate. Re-read rather than rely on that.
    if (prev.typeMap !== this.props.typeMap) this.#source?.committed();
  }

  override componentWillUnmount(): void {
    this.#teardownPending = true;
    queueMicrotask(() => {
      if (!this.#teardownPending) return;
      this.#teardownPending = false;
      this.#stop();
    });
  }

  override render(): ReactNode {
    const { children, confirmer } = this.props;
    return (
      <SessionContext.Provider value={this.#link}>
        <KeyboardTap onEmitter={this.#onKeyboard} />
        <SessionErrorBoundary sessionId={this.props.id} onError={this.#onRenderError}>
          {children}
        </SessionErrorBoundary>
        {confirmer && <ConfirmPrompt confirmer={confirmer} />}
      </SessionContext.Provider>
    );
  }

  #start(): void {
    const { id, typeMap } = this.props;
    const logger = this.props.logger ?? stderrLogger;
    const screen = () => this.#readScreen();
    // The source's notes, made here so the built-ins note their forest where the snapshot notes its lists.
    const notes = new SpliceNotes();
    const builtins =
      this.props.builtinTools === false
        ? undefined
        : new BuiltinNodes(this.#builtinHost(rasterizerFor(this.props.screenshots)), notes);
    const autoIds = new AutoIds(logger);
    const source = new FiberViewSource({
      label: id,
      logger,
      boundary: SessionAnchor,
      typeMapOf,
      screen,
      notes,
      compose: (forest, hostRoot, anchor, mayHoldIdless) => {
        const widgets = autoIds.apply(forest, mayHoldIdless);
        if (!builtins) return widgets;
        return builtins.compose(widgets, this.#focus.read(hostRoot), (active) => focusOwner(anchor, active));
      },
    });
    const session = new Session({
      id,
      source,
      typeMap: namedPart(typeMap, defaultTypeMap()),
      logger,
      input: this.#input,
      focus: () => this.#focusLine(),
      screenSize: () => {
        const prop = this.props.screen;
        return typeof prop === 'object' ? prop.size?.() : undefined;
      },
      styledScreen: () => this.#readStyled(),
    });
    this.#source = source;
    this.#session = session;
    source.start((this as unknown as { _reactInternals?: Fiber })._reactInternals);
    // From the first commit on, so that `<Static>` lines written before the first read are kept.
    const prop = this.props.screen;
    if (typeof prop === 'object' && prop.source === 'ink-frame') this.#frame = this.#startFrame();
    else if (typeof prop === 'object') {
      // Colour first: deferred renders keep the `onRender` they find, which must be the colour one.
      if (prop.colour) {
        this.#colour = colourRenders(source.container());
        if (inkColourMissing() !== undefined) warnNoColour(logger);
      }
      if (prop.renderOnRead) this.#deferred = deferRenders(source.container());
    }
    this.#detach = this.#attach(session);
  }

  /** The screen text from the `screen` prop: a function's, or Ink's committed frame (or its fallback). */
  #readScreen(): string | undefined {
    const prop = this.props.screen;
    if (prop === undefined || typeof prop === 'function') return prop?.();
    if (typeof prop.source === 'function') {
      this.#deferred?.flush();
      return prop.source();
    }
    this.#frame ??= this.#startFrame();
    return this.#frame?.frame() ?? prop.fallback?.();
  }

  /** The screen with its escape sequences, when the `screen` prop can give it. */
  #readStyled(): string | undefined {
    const prop = this.props.screen;
    if (typeof prop !== 'object') return undefined;
    if (prop.source === 'ink-frame') {
      this.#frame ??= this.#startFrame();
      return this.#frame?.styled();
    }
    if (typeof prop.source !== 'function' || !prop.styled) return undefined;
    // Ink drew the first frame before the session could ask for colour: draw it again, in colour.
    if (this.#colour && !this.#colour.painted()) this.#colour.repaint();
    this.#deferred?.flush();
    return prop.styled();
  }

  #startFrame(): InkFrame | undefined {
    const prop = this.props.screen;
    const scrollback = typeof prop === 'object' ? prop.scrollback : undefined;
    const frame = InkFrame.create(this.#source?.container(), scrollback);
    if (frame === undefined) warnNoRenderer(this.props.logger ?? stderrLogger);
    return frame;
  }

  /** Which widget has focus, for every answer: undefined while nothing can take focus. */
  #focusLine(): string | undefined {
    const root = this.#source?.hostRoot();
    const focus = root ? this.#focus.read(root) : undefined;
    if (focus === undefined || focus.ids.length === 0) return undefined;
    const owner =
      focus.active === undefined ? undefined : focusOwner(this.#source?.anchor() ?? null, focus.active);
    return focusWords(focus.active, owner);
  }

  /** What the built-in tools reach of this session, read live at each call. */
  #builtinHost(screenshots: PngRasterizer | undefined): BuiltinHost {
    return {
      screenshots,
      picture: () => this.#session?.screenPicture(),
      press: (data) => this.#press(data),
      personOnly: () => {
        const session = this.#session;
        return session ? personOnlyWidget(session.toolTree(true), session.typeMap) : undefined;
      },
      screen: () => this.#session?.fullScreen(),
      view: (offset, styles) => this.#session?.readScreen(offset, styles),
      focus: () => {
        const root = this.#source?.hostRoot();
        return root ? this.#focus.read(root) : undefined;
      },
      focusOwner: (id) => focusOwner(this.#source?.anchor() ?? null, id),
      outline: () => ariaOutline(this.#source?.anchor() ?? null),
      aria: () => ariaTree(this.#source?.anchor() ?? null),
      settled: () => this.#source?.settled() ?? Promise.resolve(),
      onCommit: (listener) => this.#source?.onCommit(listener) ?? (() => {}),
    };
  }

  #attach(session: Session): (() => void) | undefined {
    const { server } = this.props;
    try {
      return server?.attach(session);
    } catch (error) {
      // The app keeps running without its server rather than crash over it.
      const why = errorText(error);
      (this.props.logger ?? stderrLogger).warn(
        `ink-mcp: session "${session.id}" could not be attached to its server (${why}); it is not served.`,
      );
      return undefined;
    }
  }

  #stop(): void {
    const detach = this.#detach;
    this.#detach = undefined;
    try {
      detach?.();
    } finally {
      this.#session?.stop();
      this.#source?.dispose();
      this.#frame?.dispose();
      this.#frame = undefined;
      this.#deferred?.stop();
      this.#deferred = undefined;
      this.#colour?.stop();
      this.#colour = undefined;
      this.#session = null;
      this.#source = null;
    }
  }
}

/** The window a key's answer waits for what it set in motion: a finite count of ms, else the default. */
function keyEffectsMs(option: number | undefined): number {
  return option !== undefined && Number.isFinite(option) && option >= 0 ? option : DEFAULT_KEY_EFFECTS_MS;
}

/** What makes this session's screenshots, when they are on. */
function rasterizerFor(option: McpSessionProps['screenshots']): PngRasterizer | undefined {
  if (option === undefined || option === false) return undefined;
  return new PngRasterizer(option === true ? undefined : option.rasterizer);
}

let warnedNoRenderer = false;

/** Once per process: every session of it would say the same. */
function warnNoRenderer(logger: Logger): void {
  if (warnedNoRenderer) return;
  warnedNoRenderer = true;
  logger.warn(
    `ink-mcp: cannot render Ink's committed frame (${inkRendererMissing() ?? 'the session found no Ink root node'}); screens in answers are taken from what Ink last wrote to the terminal, which can be a frame behind. This Ink version may be unsupported: please report it.`,
  );
}

let warnedNoColour = false;

/** Once per process, as `warnNoRenderer`. */
function warnNoColour(logger: Logger): void {
  if (warnedNoColour) return;
  warnedNoColour = true;
  logger.warn(
    `ink-mcp: cannot load the chalk this Ink colours with (${inkColourMissing() ?? 'unknown'}); screen.read {styles: true} shows only the styles the process's own colour support gives (often none headless). Please report it.`,
  );
}

function typeMapOf(anchor: Fiber): McpTypeMap | undefined {
  return (anchor.memoizedProps as McpSessionProps | null)?.typeMap;
}
