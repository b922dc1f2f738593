import { ScreenReading, viewText } from '../../session/screen-view.js';
import { ActionError } from '../../walker/action-error.js';
import type { ActionSpec, CallInfo, ToolProvider } from '../../walker/types.js';
import type { BuiltinHost } from './host.js';
import { waitForScreen } from './wait-for-screen.js';

/** `screen.wait_for` waits at most this long (a call must answer well before clients give up). */
export const MAX_WAIT_MS = 25_000;
export const DEFAULT_WAIT_MS = 5_000;
/** Re-checks a screen no commit reported this often while waiting. */
const BACKSTOP_MS = 100;

/** `screen.read {}` and `screen.wait_for {text | pattern, timeout_ms}`. */
export function screenProvider(host: BuiltinHost): ToolProvider {
  const specs: ActionSpec[] = [
    {
      name: 'read',
      description:
        'Read the screen now as plain text (as many lines as the terminal has rows: the last ones, or ' +
        'from line `offset`, 0 being the top), which widget has Ink focus, and the accessibility outline ' +
        '(aria-role, aria-state, aria-label) when the app declares one.',
      inputSchema: {
        type: 'object',
        properties: { offset: { type: 'integer', minimum: 0 } },
        additionalProperties: false,
      },
      run: async (args) => {
        // What the app has scheduled (an effect's update) is part of "now".
        await host.settled();
        return new ScreenReading(describeScreen(host, (args as { offset?: number }).offset));
      },
    },
    {
      name: 'wait_for',
      description:
        `Wait until the screen shows \`text\` (plain substring) or matches \`pattern\` (a JavaScript regular expression), ` +
        `answering as soon as it does; fails after timeout_ms (default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS}) with the last screen. ` +
        'Other calls to this session wait while it waits.',
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string', minLength: 1 },
          pattern: { type: 'string', minLength: 1 },
          timeout_ms: { type: 'integer', minimum: 0, maximum: MAX_WAIT_MS },
        },
        additionalProperties: false,
      },
      run: (args, call) => waitFor(host, args as WaitArgs, call),
    },
  ];
  return { mcpTools: () => specs };
}

interface WaitArgs {
  text?: string;
  pattern?: string;
  timeout_ms?: number;
}

async function waitFor(host: BuiltinHost, args: WaitArgs, call: CallInfo): Promise<string> {
  const { text, pattern } = args;
  if ((text === undefined) === (pattern === undefined)) {
    throw new ActionError('ink-mcp: screen.wait_for needs exactly one of `text` or `pattern`.');
  }
  let matches: (screen: string) => boolean;
  if (text !== undefined) matches = (screen) => screen.includes(text);
  else {
    let re: RegExp;
    try {
      re = new RegExp(pattern!, 'm');
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ActionError(
        `ink-mcp: screen.wait_for: pattern ${JSON.stringify(pattern)} is not a valid regular expression (${why}). Fix it, or pass \`text\` for a plain substring.`,
      );
    }
    matches = (screen) => re.test(screen);
  }
  const timeoutMs = args.timeout_ms ?? DEFAULT_WAIT_MS;
  const what = text !== undefined ? JSON.stringify(text) : `/${pattern}/`;
  if (host.screen() === undefined) throw new ActionError('ink-mcp: this session has no screen to wait on.');
  const found = await waitForScreen({
    screen: host.screen,
    matches,
    onCommit: host.onCommit,
    timeoutMs,
    backstopMs: BACKSTOP_MS,
    signal: call.signal,
  });
  if (found === undefined) {
    throw new ActionError(
      `ink-mcp: screen.wait_for: the screen did not show ${what} within ${timeoutMs} ms. ` +
        'The screen at the end is below; wait longer, or check that the app is doing what you expect.',
    );
  }
  return `The screen shows ${what}.`;
}

/** The screen (from line `offset`, or its last rows), the focus and the outline, as screen.read answers. */
export function describeScreen(host: BuiltinHost, offset?: number): string {
  const view = host.view(offset);
  const parts = [view === undefined ? '(this session has no screen)' : `Screen:\n${viewText(view)}`];
  const focus = host.focus();
  if (focus !== undefined && focus.ids.length > 0) {
    parts.push(
      `Focus: ${focus.active === undefined ? 'nothing is focused' : JSON.stringify(focus.active)} (can take focus: ${focus.ids.map((id) => JSON.stringify(id)).join(', ')})`,
    );
  }
  const outline = host.outline();
  if (outline !== '') parts.push(`Accessibility outline:\n${outline}`);
  return parts.join('\n\n');
}
