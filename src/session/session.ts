import { defaultTypeMap } from '../registry/default-type-map.js';
import { ColourWatch } from '../screen/colour-hint.js';
import {
  cellWidth,
  type ScreenSize,
  type ScreenView,
  viewLines,
  viewScreen,
  viewText,
} from '../screen/screen-view.js';
import { PLAIN } from '../screen/sgr.js';
import { styledMarkup } from '../screen/style-markup.js';
import { fitSpans, parseStyled, plainLine, type StyledLine } from '../screen/styled-text.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { cleanScreenText } from '../walker/clean-text.js';
import { DeriveCache } from '../walker/derive-cache.js';
import type { TypeMap, ViewNode } from '../walker/types.js';
import type { ConfirmerOptions } from './confirmer.js';
import { PersonChannel } from './person-channel.js';
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
  /**
   * The same screen with its styles: text with the terminal's escape sequences (SGR colours and
   * flags), as the app drew it. When given, answers and `screen.read` take the screen from it (the
   * plain text is this without its escapes: one read gives both), `screen.read {styles}` shows its
   * styles, and answers say when its colours changed. @default none
   */
  styledScreen?: () => string | undefined;
  /** The terminal's size now: the screen an agent reads is at most its rows and columns. @default unbounded */
  screenSize?: () => ScreenSize | undefined;
  /** Which widget has focus, in words, for every answer. @default none */
  focus?: () => string | undefined;
  /** Types into the app as a person would (`CallInfo.input`); resolves once the key took effect. @default none */
  input?: (data: string) => Promise<unknown>;
  /**
   * How the session reaches the app, when that limits what an agent can do (a terminal session has
   * only keys and the screen): a line every answer carries. A function is read at each answer (what
   * it says changes: where the terminal's cursor is). @default none (the app's Ink is served)
   */
  mode?: string | (() => string);
  /** The rules of questions put to a person watching the session (`PersonChannel`). @default the attached y/N's */
  person?: ConfirmerOptions;
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
  /**
   * What deriving this session's tools keeps from one tree to the next (cleaned specs, the last id
   * accepted: src/walker/derive-cache.ts). The session's own, handed to whatever derives its trees
   * (its synchronizer, its tree resource), so no two sessions share it.
   */
  readonly deriveCache = new DeriveCache();
  readonly logger: Logger | undefined;
  /** Types into the app as a person would (`CallInfo.input`), when the app has a keyboard. */
  readonly input: ((data: string) => Promise<unknown>) | undefined;
  /** Which widget has focus, in words, for every answer (when the app has focus). */
  readonly focus: (() => string | undefined) | undefined;
  readonly #mode: SessionOptions['mode'];
  /**
   * The person watching this session (`ink-mcp watch`, its page, a chat view): the questions they
   * answer and their hold on the agent. Always there; it asks no one until a watcher joins.
   */
  readonly person: PersonChannel;
  readonly #readScreen: (() => string | undefined) | undefined;
  readonly #screenSize: (() => ScreenSize | undefined) | undefined;
  readonly #readStyled: (() => string | undefined) | undefined;
  /** Which colours the agent last got, for the hint that they changed. */
  readonly #colours = new ColourWatch();
  #running = true;
  /** How the app ended, when its server knows (`exit code 3`): answers owed at the stop say it. */
  #exit: string | undefined;
  readonly #onStop: Subscribable<void>;
  /**
   * The last screen answered in full (no offset, no styles), and what it was made from: a screen
   * that did not change since (a call that changed nothing visible, or an error) is not parsed,
   * cleaned and cut again.
   */
  #last: { raw: string; rows: number; columns: number; view: ScreenView; layout?: string } | undefined;

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.source = options.source;
    this.typeMap = options.typeMap ?? defaultTypeMap();
    this.logger = options.logger;
    this.input = options.input;
    this.focus = options.focus;
    this.#mode = options.mode;
    this.person = new PersonChannel(options.person);
    this.#readScreen = options.screen ?? options.source.screen?.bind(options.source);
    this.#screenSize = options.screenSize;
    this.#readStyled = options.styledScreen;
    this.#onStop = new Subscribable<void>((error) =>
      this.logger?.warn(`ink-mcp: a stop listener of session "${this.id}" threw: ${errorText(error)}`),
    );
  }

  /** How the session reaches the app and what it cannot do, for every answer (SessionOptions.mode). */
  get mode(): string | undefined {
    const mode = this.#mode;
    return typeof mode === 'function' ? mode() : mode;
  }

  get running(): boolean {
    return this.#running;
  }

  /** How the app ended (`exit code 3`), once it stopped, when its server knows. */
  get exit(): string | undefined {
    return this.#exit;
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
  stop(exit?: string): void {
    if (!this.#running) return;
    this.#running = false;
    this.person.close();
    this.#exit = exit;
    this.#onStop.emit();
    this.#onStop.clear();
  }

  /**
   * The screen as a person sees it, if the session has one: cleaned, at most the terminal's rows
   * (the last ones) and columns, with a note line first when something is cut, and a line after it
   * when its colours changed (`ColourWatch`). What answers carry.
   */
  screen(): string | undefined {
    const read = this.readScreen();
    if (read === undefined) return undefined;
    const text = viewText(read);
    return read.hint === undefined ? text : `${text}\n${read.hint}`;
  }

  /**
   * The screen as `screen.read` shows it, from line `offset` (or its last rows): plain, with the
   * hint when its colours changed since the agent last got them; or, with `styles`, in the styled
   * form (src/screen/style-markup.ts) when the session can read styles.
   */
  readScreen(offset?: number, styles = false): ScreenRead | undefined {
    const styledRaw = this.#styled();
    const raw = styledRaw ?? this.fullScreen();
    if (raw === undefined) return undefined;
    const options = this.#viewOptions(offset);
    const last = this.#last;
    const whole = offset === undefined && !styles;
    let plain: { view: ScreenView; lines?: readonly StyledLine[] };
    if (
      whole &&
      last !== undefined &&
      last.raw === raw &&
      last.rows === options.rows &&
      last.columns === options.columns
    ) {
      plain = last;
    } else if (styledRaw === undefined) {
      plain = { view: viewScreen(cleanScreenText(raw), options) };
    } else {
      const view = viewLines(parseStyled(raw), options, fitSpans);
      if (styles) {
        this.#colours.shown(view.lines);
        return { text: styledMarkup(view.lines), note: view.note, styled: true };
      }
      plain = { view: { text: view.lines.map(plainLine).join('\n'), note: view.note }, lines: view.lines };
    }
    if (whole) this.#last = { raw, rows: options.rows, columns: options.columns, ...plain };
    const hint = plain.lines === undefined ? undefined : this.#colours.plain(plain.lines);
    return { ...plain.view, styled: false, ...defined({ hint }) };
  }

  /**
   * What a picture of the screen shows: the rows the terminal shows (the last ones), as styled runs
   * (plain runs when the session reads no styles), and the terminal's size (the screen's own extent
   * when the session does not know it). A picture the agent gets shows it the colours: the next plain
   * screen does not say they changed. One a person sees (`seenBy: 'person'`, a watcher's page) tells
   * the agent nothing.
   */
  screenPicture(seenBy: 'agent' | 'person' = 'agent'): ScreenPicture | undefined {
    const options = this.#viewOptions(undefined);
    const raw = this.#styled();
    let lines: StyledLine[];
    if (raw !== undefined) {
      lines = viewLines(parseStyled(raw, true), options, fitSpans).lines;
      if (seenBy === 'agent') this.#colours.shown(lines);
    } else {
      const view = this.screenView();
      if (view === undefined) return undefined;
      lines = (view.text === '' ? [] : view.text.split('\n')).map((text) =>
        text === '' ? [] : [{ text, style: PLAIN }],
      );
    }
    // A session that knows no terminal size: the screen's own extent, within bounds a picture can take.
    if (!Number.isFinite(options.rows)) lines = lines.slice(-UNSIZED_PICTURE.rows);
    const columns = Number.isFinite(options.columns)
      ? options.columns
      : Math.min(UNSIZED_PICTURE.columns, Math.max(1, ...lines.map(lineWidth)));
    const rows = Number.isFinite(options.rows) ? options.rows : Math.max(1, lines.length);
    return { lines, size: { columns, rows } };
  }

  /** The screen's lines from `offset` (the first line, 0 is the top), or its last rows; cleaned and bounded. */
  screenView(offset?: number): ScreenView | undefined {
    const raw = this.fullScreen();
    if (raw === undefined) return undefined;
    return viewScreen(cleanScreenText(raw), this.#viewOptions(offset));
  }

  #viewOptions(offset: number | undefined) {
    let size: ScreenSize | undefined;
    try {
      size = this.#screenSize?.();
    } catch {
      size = undefined;
    }
    return {
      rows: size?.rows ?? Number.POSITIVE_INFINITY,
      columns: size?.columns ?? Number.POSITIVE_INFINITY,
      offset,
      sessionId: this.id,
    };
  }

  #styled(): string | undefined {
    try {
      return this.#readStyled?.();
    } catch {
      return undefined;
    }
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

/** The screen as a picture shows it (`Session.screenPicture`). */
export interface ScreenPicture {
  /** The rows shown, top first. */
  lines: StyledLine[];
  size: ScreenSize;
}

/** The largest picture of a screen whose terminal size the session does not know. */
const UNSIZED_PICTURE: ScreenSize = { columns: 500, rows: 200 };

/** The cells a line takes. */
function lineWidth(line: StyledLine): number {
  let width = 0;
  for (const span of line) for (const char of span.text) width += cellWidth(char.codePointAt(0) as number);
  return width;
}

/** A screen as `screen.read` gives it. */
export interface ScreenRead extends ScreenView {
  /** Whether `text` is in the styled form (src/screen/style-markup.ts). */
  styled: boolean;
  /** The line saying the colours changed (a plain screen only). */
  hint?: string;
}
