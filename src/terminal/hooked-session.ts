import { ariaOutline, ariaTree } from '../react/aria-outline.js';
import { BuiltinNodes } from '../react/builtins/builtin-nodes.js';
import type { BuiltinHost } from '../react/builtins/host.js';
import type { Fiber, FiberRoot } from '../react/fiber-types.js';
import { FiberViewSource } from '../react/fiber-view-source.js';
import { focusOwner } from '../react/focus-owner.js';
import { FocusReader } from '../react/focus-state.js';
import { namedPart } from '../react/type-map.js';
import { defaultTypeMap } from '../registry/default-type-map.js';
import { Session } from '../session/session.js';
import type { Logger } from '../util/logger.js';
import { personOnlyWidget } from '../walker/person-only.js';
import { SpliceNotes } from '../walker/splice-note.js';
import { modeLine } from './terminal-mode.js';
import type { TerminalApp } from './terminal-session.js';

export interface HookedSessionOptions {
  id: string;
  /** The app's terminal: its screen and its input. */
  app: TerminalApp;
  /** The Ink root React's DevTools hook reported (`FiberRoot`, its `containerInfo` Ink's root node). */
  root: unknown;
  builtinTools?: boolean;
  logger: Logger;
}

/** No fiber of a bundle is an ink-mcp session anchor: nothing below starts a nested session. */
class NoBoundary {}

/** After a key's commit, Ink draws at once or on its 32 ms render throttle: wait for that frame. */
const FRAME = { firstMs: 50, quietMs: 20, maxMs: 500 };

/**
 * A session over a bundled Ink whose React tree the DevTools hook gave (src/register/devtools-hook.ts):
 * the tree, focus and accessibility outline are read from its fibers as for a hooked Ink (the same
 * FiberViewSource, anchored at the root's first fiber, and Ink's focus manager found by shape);
 * the screen and keys go through its terminal (its Ink is not ink-mcp's, so its frames cannot be
 * rendered in memory), and each key waits for React's commit and then the frame Ink draws.
 */
/** Undefined when the root's tree cannot be read: the caller serves a plain terminal session. */
export function hookedTerminalSession(options: HookedSessionOptions): Session | undefined {
  const { id, app, logger } = options;
  const root = options.root as FiberRoot;
  const first = root.current?.child as Fiber | null | undefined;
  if (!first) return undefined;
  const { screen } = app;
  const focus = new FocusReader();
  let session: Session | undefined;
  let source: FiberViewSource | undefined;
  const settled = () => source?.settled() ?? Promise.resolve();
  const host: BuiltinHost = {
    press: async (data) => {
      app.send(data);
      // Ink reads its input in a 'readable' event, a tick later; then React renders and commits.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await settled();
      await screen.answered(FRAME);
      // A terminal session cannot tell what a key set in motion: nothing to report.
      return undefined;
    },
    personOnly: () => (session ? personOnlyWidget(session.toolTree(true), session.typeMap) : undefined),
    screen: () => screen.text(),
    view: (offset, styles) => session?.readScreen(offset, styles),
    focus: () => {
      const hostRoot = source?.hostRoot();
      return hostRoot ? focus.read(hostRoot) : undefined;
    },
    focusOwner: (id) => focusOwner(source?.anchor() ?? null, id),
    outline: () => ariaOutline(source?.anchor() ?? null),
    aria: () => ariaTree(source?.anchor() ?? null),
    settled,
    // Screenshots are for sessions ink-mcp renders: a terminal app's screen is read as text.
    picture: () => undefined,
    screenshots: undefined,
    onCommit: (listener) => source?.onCommit(listener) ?? (() => {}),
  };
  // The source's notes, shared with the built-ins as McpSession shares them (src/react/McpSession.tsx).
  const notes = new SpliceNotes();
  const builtins = options.builtinTools === false ? undefined : new BuiltinNodes(host, notes);
  source = new FiberViewSource({
    label: id,
    logger,
    boundary: NoBoundary,
    typeMapOf: () => undefined,
    screen: () => screen.text(),
    notes,
    compose: (forest, hostRoot, anchor) =>
      builtins
        ? builtins.compose(forest, focus.read(hostRoot), (active) => focusOwner(anchor, active))
        : forest,
  });
  session = new Session({
    id,
    source,
    // A bundle's components are its own copies: only the type map's entries by name can match them.
    typeMap: namedPart(undefined, defaultTypeMap()),
    logger,
    input: host.press,
    focus: () => focusLine(host),
    screenSize: () => ({ columns: screen.columns, rows: screen.rows }),
    styledScreen: () => screen.styled(),
    mode: modeLine('devtools-hook'),
  });
  source.start(first);
  // A tree that cannot be read (internals of another shape) would leave no tools at all: the plain
  // terminal session serves it instead.
  if (options.builtinTools !== false && session.tree().length === 0) {
    source.dispose();
    return undefined;
  }
  return session;
}

/** Which component has Ink focus, for every answer (as McpSession words it). */
function focusLine(host: BuiltinHost): string | undefined {
  const state = host.focus();
  if (state === undefined || state.ids.length === 0) return undefined;
  if (state.active === undefined) return 'nothing has focus (Tab, or focus.set, gives it)';
  return JSON.stringify(state.active);
}
