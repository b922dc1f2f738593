import type { RenderOptions } from 'ink';
import type { ReactElement, ReactNode } from 'react';
import { McpSession } from '../react/McpSession.js';
import { createMemoryTerminal, type MemoryTerminal } from '../react/memory-terminal.js';
import { Scrollback } from '../react/scrollback.js';
import type { McpTypeMap } from '../react/type-map.js';
import type { ScreenshotOptions } from '../screen/png-rasterizer.js';
import type { Confirmer } from '../session/confirmer.js';
import type { SessionHost } from '../session/session-host.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import { tapConsole } from './console-tap.js';
import { attachedScreen, tapScreen } from './screen-tap.js';

/**
 * Where a served app draws. `'headless'`: an in-memory terminal (stdio, tests); the app's stderr
 * writes (`useStderr().write`) go to `stderr`, as they would in a terminal. `'attached'`: the person's
 * terminal, with the screen read from what Ink writes to it. Either way the app's console output is
 * on the screen, above the frame, as Ink shows it in a terminal (console-tap.ts).
 */
export type MountScreen =
  | { kind: 'headless'; columns?: number; rows?: number; renderOnRead: boolean; stderr?: NodeJS.WriteStream }
  | { kind: 'attached' };

export interface MountOptions {
  id: string;
  server: SessionHost;
  screen: MountScreen;
  typeMap?: McpTypeMap;
  builtinTools?: boolean;
  screenshots?: boolean | ScreenshotOptions;
  keyEffectsMs?: number;
  /** The in-terminal prompt for the person (attached). */
  confirmer?: Confirmer;
  logger?: Logger;
}

export interface Mount {
  /** The app's tree inside its `McpSession` (again for each `rerender`). */
  element(tree: ReactNode): ReactElement;
  /** Ink's options for it, from the app's own. */
  inkOptions: RenderOptions;
  /** The in-memory terminal (headless). */
  terminal?: MemoryTerminal;
  /**
   * Call once Ink's `render` returned: from then on the app's console output is on the screen
   * (attached, after Ink's own console patch, which it wraps; headless it is from the start).
   */
  rendered(): void;
  /** Call once the app unmounted (or failed to render): its console output is no longer taken. */
  dispose(): void;
}

/** The one place an app's tree becomes a served session: its `McpSession`, its screen, Ink's streams. */
export function mountSession(options: MountOptions, appOptions: RenderOptions = {}): Mount {
  const { id, server, screen, typeMap, builtinTools, screenshots, keyEffectsMs, confirmer, logger } = options;
  const props = {
    id,
    server,
    ...defined({ typeMap, builtinTools, screenshots, keyEffectsMs, confirmer, logger }),
  };
  if (screen.kind === 'headless') {
    const terminal = createMemoryTerminal(screen.columns, screen.rows);
    const source = {
      source: terminal.screen,
      styled: terminal.styledScreen,
      colour: true,
      size: () => terminal.stdout,
      renderOnRead: screen.renderOnRead,
    };
    // From before the first render: what the app logs while it renders is on the screen too. The
    // console keeps its own way as well (to stderr for a stdio server: stdout is the protocol's).
    const untap = tapConsole((text) => terminal.stdout.log(text));
    return {
      element: (tree) => (
        <McpSession {...props} screen={source}>
          {tree}
        </McpSession>
      ),
      // Whatever streams the app asked for: headless, stdout is the protocol's (or nobody's).
      inkOptions: { ...terminal.inkOptions(), ...defined({ stderr: screen.stderr }) },
      terminal,
      rendered: () => {},
      dispose: untap,
    };
  }
  // Ink 8 types `stdout` as any writable stream; the one an attached app draws on is a terminal's.
  const stdout = (appOptions.stdout ?? process.stdout) as NodeJS.WriteStream;
  const tap = tapScreen(stdout);
  const scrollback = new Scrollback();
  const source = attachedScreen(tap, stdout, scrollback);
  let untap: (() => void) | undefined;
  return {
    element: (tree) => (
      <McpSession {...props} screen={source}>
        {tree}
      </McpSession>
    ),
    inkOptions: { ...appOptions, stdout: tap.stream },
    // After Ink's render: Ink patches the console as it starts, and the patch must be the one wrapped.
    rendered: () => {
      untap ??= tapConsole((text) => scrollback.add(text));
    },
    dispose: () => untap?.(),
  };
}
