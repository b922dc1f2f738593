import type { PngRasterizer } from '../../screen/png-rasterizer.js';
import type { ScreenPicture, ScreenRead } from '../../session/session.js';
import type { AriaEntry } from '../aria-outline.js';
import type { FocusState } from '../focus-state.js';
import type { KeyOutcome } from '../key-settling.js';

/** What the built-in tools need from their session (McpSession provides it). */
export interface BuiltinHost {
  /**
   * Delivers one key as its own input event; resolves once React committed what it caused, and
   * what the short timers it scheduled rendered (key-settling.ts); a session that cannot tell
   * resolves with nothing.
   */
  press(data: string): Promise<KeyOutcome | undefined>;
  /** A widget only a person may answer that is rendered now (its id, else its type), if any. */
  personOnly(): string | undefined;
  /** The whole screen as plain text, if the session renders to one (what `screen.wait_for` matches). */
  screen(): string | undefined;
  /**
   * The screen as a person sees it (the terminal's rows and columns), from line `offset` if given:
   * plain, or with `styles` in the styled form when the session can read styles.
   */
  view(offset?: number, styles?: boolean): ScreenRead | undefined;
  /** The screen as a picture shows it (the terminal's rows, styled), if the session renders to one. */
  picture(): ScreenPicture | undefined;
  /** What turns a picture into a PNG; undefined when screenshots are off (no `screen.screenshot`). */
  readonly screenshots: PngRasterizer | undefined;
  /** Ink's focus manager as it is now (undefined when the app is not under Ink). */
  focus(): FocusState | undefined;
  /** The widget that holds the component of Ink focus id `id` (src/react/focus-owner.ts), if one does. */
  focusOwner?(id: string): string | undefined;
  /** Ink's accessibility props (`aria-role`, `aria-state`, `aria-label`) as an outline; '' if none. */
  outline(): string;
  /** The same, as data (the tree resource shows it on the `screen` node). */
  aria(): AriaEntry[];
  /** Resolves once React committed the work scheduled so far. */
  settled(): Promise<void>;
  /** Calls `listener` after every commit of the app; returns the function that stops it. */
  onCommit(listener: () => void): () => void;
}
