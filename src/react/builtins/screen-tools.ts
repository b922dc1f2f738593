import { ScreenReading, viewText } from '../../screen/screen-view.js';
import { MARKUP_LEGEND } from '../../screen/style-markup.js';
import type { ScreenRead } from '../../session/session.js';
import { ActionError } from '../../walker/action-error.js';
import { DEFAULT_WAIT_MS, SCREEN_READ, SCREEN_WAIT_FOR } from '../../walker/builtin-catalog.js';
import type { ActionSpec, CallInfo, ToolProvider } from '../../walker/types.js';
import { focusWords } from '../focus-words.js';
import { checkBounds, spec } from './catalog-spec.js';
import type { BuiltinHost } from './host.js';
import { compileScreenPattern } from './screen-pattern.js';
import { screenshotSpec } from './screenshot-tool.js';
import { waitForScreen } from './wait-for-screen.js';

export { DEFAULT_WAIT_MS, MAX_WAIT_MS } from '../../walker/builtin-catalog.js';

/** Re-checks a screen no commit reported this often while waiting. */
const BACKSTOP_MS = 100;

/**
 * `screen.read {}`, `screen.wait_for {text | pattern, timeout_ms}` and, when screenshots are on,
 * `screen.screenshot {}`.
 */
export function screenProvider(host: BuiltinHost): ToolProvider {
  const specs: ActionSpec[] = [
    {
      ...spec(SCREEN_READ),
      run: async (args) => {
        checkBounds(SCREEN_READ, args);
        // What the app has scheduled (an effect's update) is part of "now".
        await host.settled();
        const { offset, styles } = args as { offset?: number | null; styles?: boolean | null };
        return new ScreenReading(describeScreen(host, offset ?? undefined, styles === true));
      },
    },
    {
      ...spec(SCREEN_WAIT_FOR),
      run: (args, call) => {
        checkBounds(SCREEN_WAIT_FOR, args);
        return waitFor(host, args as WaitArgs, call);
      },
    },
  ];
  if (host.screenshots) specs.push(screenshotSpec(host, host.screenshots, describeScreen));
  return { mcpTools: () => specs };
}

/** Null and absent mean the same: the listed schema asks for all three, nullable (OpenAI's strict mode). */
interface WaitArgs {
  text?: string | null;
  pattern?: string | null;
  timeout_ms?: number | null;
}

async function waitFor(host: BuiltinHost, args: WaitArgs, call: CallInfo): Promise<string> {
  const text = args.text ?? undefined;
  const pattern = args.pattern ?? undefined;
  if ((text === undefined) === (pattern === undefined)) {
    throw new ActionError('ink-mcp: screen.wait_for needs exactly one of `text` or `pattern`.');
  }
  const timeoutMs = args.timeout_ms ?? DEFAULT_WAIT_MS;
  const what = text !== undefined ? JSON.stringify(text) : `/${pattern}/`;
  if (host.screen() === undefined) throw new ActionError('ink-mcp: this session has no screen to wait on.');
  // Refused (unsupported syntax, invalid) before anything waits.
  const compiled = pattern === undefined ? undefined : await compileScreenPattern(pattern);
  let found: string | undefined;
  try {
    found = await waitForScreen({
      screen: host.screen,
      matches: compiled === undefined ? (screen) => screen.includes(text!) : compiled.test,
      onCommit: host.onCommit,
      timeoutMs,
      backstopMs: BACKSTOP_MS,
      signal: call.signal,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ActionError(
      `ink-mcp: screen.wait_for: the pattern matcher stopped (${why}) before the screen showed ${what}. Call it again, or pass \`text\` for a plain substring.`,
    );
  } finally {
    compiled?.release();
  }
  if (found === undefined) {
    throw new ActionError(
      `ink-mcp: screen.wait_for: the screen did not show ${what} within ${timeoutMs} ms. ` +
        'The screen at the end is below; wait longer, or check that the app is doing what you expect.',
    );
  }
  return `The screen shows ${what}.`;
}

/**
 * The screen (from line `offset`, or its last rows; with `styles` in the styled form), the focus and
 * the outline, as screen.read answers.
 */
export function describeScreen(host: BuiltinHost, offset?: number, styles = false): string {
  const view = host.view(offset, styles);
  const parts = [view === undefined ? '(this session has no screen)' : screenPart(view, styles)];
  const focus = host.focus();
  if (focus !== undefined && focus.ids.length > 0) {
    parts.push(
      `Focus: ${focusWords(focus.active)} (can take focus: ${focus.ids.map((id) => JSON.stringify(id)).join(', ')})`,
    );
  }
  const outline = host.outline();
  if (outline !== '') parts.push(`Accessibility outline:\n${outline}`);
  return parts.join('\n\n');
}

function screenPart(view: ScreenRead, styles: boolean): string {
  if (view.styled) return `Screen with styles (${MARKUP_LEGEND}):\n${viewText(view)}`;
  const text = `Screen:\n${viewText(view)}`;
  const parts = [text];
  if (view.hint !== undefined) parts.push(view.hint);
  if (styles) parts.push('(This session cannot read styles: the screen above is plain text.)');
  return parts.join('\n');
}
