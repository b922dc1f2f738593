import { render } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { McpSession, type McpTypeMap } from '../../src/react/index.js';
import type { Authorizer } from '../../src/registry/authorize.js';
import { type CallAnswer, Hub } from '../../src/session/hub.js';
import type { Logger } from '../../src/util/logger.js';

const opened: { close(): Promise<void> }[] = [];

/** Unmounts every app `app()` rendered (call it in `afterEach`). */
export async function closeApps(): Promise<void> {
  for (const handle of opened.splice(0)) await handle.close();
}

export interface AppOptions {
  authorize?: Authorizer;
  typeMap?: McpTypeMap;
}

/**
 * Renders `children` inside `<McpSession id="t">` attached to a real Hub (ink-testing-library for the
 * terminal), and records every log line. `call('w.press')` calls tool `t.w.press` through the Hub's
 * whole call path (validation, authorizer, live resolution, commit wait).
 */
export function app(children: ReactNode, options: AppOptions = {}) {
  const logs: string[] = [];
  const record = (message: string) => {
    logs.push(message);
  };
  const logger: Logger = { warn: record, info: record, error: record };
  const hub = new Hub({ logger, ...(options.authorize ? { authorize: options.authorize } : {}) });
  const session = (inner: ReactNode) => (
    <McpSession
      id="t"
      server={hub}
      logger={logger}
      builtinTools={false} // these tests list the widgets' own tools
      {...(options.typeMap ? { typeMap: options.typeMap } : {})}
    >
      {inner}
    </McpSession>
  );
  const ink = render(session(children));
  const answers: CallAnswer[] = [];
  const handle = {
    hub,
    ink,
    logs,
    /** Every answer `call` got, in order. */
    answers,
    async call(name: string, args: Record<string, unknown> = {}): Promise<CallAnswer> {
      const answer = await hub.call(`t.${name}`, args);
      answers.push(answer);
      return answer;
    },
    /** The tool names the session offers now. */
    tools: () => hub.list().map((tool) => tool.name.slice('t.'.length)),
    /** The last frame, as a person sees it. */
    screen: () => ink.lastFrame() ?? '',
    /** Types keys as a person would, then waits for React to commit what they caused. */
    async keys(...keys: string[]) {
      await settled();
      for (const key of keys) {
        ink.stdin.write(key);
        // A lone ESC may begin a sequence: Ink 8 holds it 20 ms before it is the Escape key
        // (`pendingInputFlushDelayMilliseconds`, ink/build/components/App.js), as a terminal would.
        if (key === KEY.escape) await new Promise((resolve) => setTimeout(resolve, 30));
        await settled();
      }
    },
    /** Waits for React to commit what is scheduled (after a rerender, say). */
    settle: () => settled(),
    rerender: (next: ReactNode) => ink.rerender(session(next)),
    async close() {
      ink.unmount();
      hub.close();
    },
  };
  opened.push(handle);
  return handle;

  async function settled() {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await hub.session('t')?.source.settled();
  }
}

/** Terminal keys, as a terminal sends them. */
export const KEY = {
  enter: '\r',
  tab: '\t',
  space: ' ',
  backspace: '\x7f',
  escape: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
} as const;

/** The value of a successful answer (fails the test otherwise, with the error). */
export function resultOf(answer: CallAnswer): unknown {
  if (!answer.ok) throw new Error(`expected success, got ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}
