import { EventEmitter } from 'node:events';
import { type DOMElement, render as inkRender } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement, ReactNode } from 'react';
import { McpSession, type McpSessionProps } from '../../src/react/index.js';
import type { Session } from '../../src/session/session.js';
import type { SessionHost } from '../../src/session/session-host.js';
import type { Logger } from '../../src/util/logger.js';
import type { ViewNode } from '../../src/walker/types.js';

/** A SessionHost that records what it is given, so a test can reach the Session. */
export function fakeHost(): SessionHost & { sessions: Session[]; detached: number } {
  const host = {
    sessions: [] as Session[],
    detached: 0,
    attach(session: Session) {
      host.sessions.push(session);
      return () => {
        host.detached++;
      };
    },
  };
  return host;
}

export function quietLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message) };
}

/** Renders `children` inside one `<McpSession>` with ink-testing-library (no built-in tools: these tests read the app's own tree). */
export function mount(children: ReactNode, props: Partial<McpSessionProps> = {}) {
  const host = fakeHost();
  const logger = quietLogger();
  const app = (inner: ReactNode, extra: Partial<McpSessionProps>): ReactElement => (
    <McpSession id="t" server={host} builtinTools={false} logger={logger} {...extra}>
      {inner}
    </McpSession>
  );
  const ink = render(app(children, props));
  const session = host.sessions[0]!;
  return {
    ink,
    host,
    logger,
    session,
    source: session.source,
    /** Re-renders with new children and, optionally, new McpSession props. */
    rerender: (next: ReactNode, nextProps: Partial<McpSessionProps> = props) =>
      ink.rerender(app(next, nextProps)),
  };
}

/** Lets passive effects and Scheduler tasks run (no library signal exists for an outside update). */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A compact picture of a tree: `Type#id(child, child)`. */
export function shape(tree: readonly ViewNode[]): string {
  return tree
    .map((node) => {
      const id = node.id === undefined ? '' : `#${node.id}`;
      const kids = node.children.length > 0 ? `(${shape(node.children)})` : '';
      return `${node.type}${id}${kids}`;
    })
    .join(', ');
}

/** The action names a node offers now, as the walker would ask its provider. */
export function actionsOf(node: ViewNode | undefined): string[] {
  if (!node?.provider) return [];
  return node.provider.mcpTools(node.attrs, node).map((spec) => spec.name);
}

export function find(tree: readonly ViewNode[], id: string): ViewNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const inner = find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Ink's `render` in concurrent mode, into memory (ink-testing-library only renders legacy roots). */
export function renderConcurrent(element: ReactElement) {
  const stdout = Object.assign(new EventEmitter(), {
    columns: 100,
    frames: [] as string[],
    write(frame: string) {
      stdout.frames.push(frame);
      return true;
    },
  });
  const stderr = Object.assign(new EventEmitter(), { write: () => true });
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: false,
    setEncoding() {},
    setRawMode() {},
    resume() {},
    pause() {},
    ref() {},
    unref() {},
    read: () => null,
  });
  const instance = inkRender(element, {
    stdout: stdout as never,
    stderr: stderr as never,
    stdin: stdin as never,
    concurrent: true,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { instance, lastFrame: () => stdout.frames.at(-1) };
}

/** Ink's root DOM node, reached from a Box ref by walking up. */
export function inkRootOf(node: DOMElement | null): DOMElement & Record<PropertyKey, unknown> {
  let cursor = node;
  while (cursor?.parentNode) cursor = cursor.parentNode;
  if (!cursor) throw new Error('no Ink node');
  return cursor as DOMElement & Record<PropertyKey, unknown>;
}
