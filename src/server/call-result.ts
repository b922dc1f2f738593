import type { CallToolResult } from '@modelcontextprotocol/server';
import { describeCallError } from '../registry/describe-call-error.js';
import { COLOUR_HINT, COLOUR_ROWS_HEAD, withoutLegend } from '../screen/colour-hint.js';
import { ScreenReading } from '../screen/screen-view.js';
import { Screenshot } from '../screen/screenshot.js';
import type { CallAnswer } from '../session/hub.js';
import { errorText } from '../util/text.js';
import { cleanAppText, cleanScreenText, cleanStrings } from '../walker/clean-text.js';
import type { Surface } from './stable-surface.js';
import type { StructuredCheck } from './structured-result.js';

export interface CallResultOptions {
  /** Append the screen after the call. */
  includeScreen: boolean;
  /** The name a tool is listed under on this connection (what an error message calls it). */
  listedName: (canonical: string) => string;
  /** Names closest to an unknown tool's (already in the connection's style). */
  suggestions?: readonly string[];
  /** A success checked against the tool's outputSchema (undefined when it has none). */
  structured?: StructuredCheck;
  /**
   * `'one'`: everything in one text block (what every client passes whole to a model: the AI SDK's
   * Google provider sends one Gemini part per block, OpenAI Agents glues blocks with no separator,
   * mcporter shows only the first). `'many'`: the value, the screen, the focus… a block each.
   */
  blocks: AnswerBlocks;
  /** The actions the call's session offers now (the stable surface), as the answer's last part. */
  actions?: string;
  /** Which surface the client is listed: says what to do when a tool or widget is not there. */
  surface: Surface;
  /**
   * Which parts of the view this client's last answer about the session showed as they are now
   * (`shownView`): a screen as before is one line saying so, a focus as before is left out.
   */
  known?: KnownView;
}

/** How an answer's parts are laid out in content blocks. */
export type AnswerBlocks = 'one' | 'many';

type Content = CallToolResult['content'][number];

/**
 * A call's answer as the MCP result a model reads: the handler's value as text, then the screen after
 * the call and the tools the call added or removed. The value is `structuredContent` too only when the
 * tool declares an outputSchema: clients that find structuredContent (Mastra, mcporter) show the model
 * nothing else, so without a schema everything stays in the content. A failure is `isError: true`
 * with the message that says what to do.
 */
export function toCallResult(answer: CallAnswer, options: CallResultOptions): CallToolResult {
  const screen: Content[] = [];
  const view = shownView(answer, options.includeScreen);
  if (view !== undefined) {
    const { known } = options;
    const shown = answer.screen as string;
    screen.push(
      known?.screen ? text(SCREEN_AS_BEFORE) : screenItem(known?.legend ? withoutLegend(shown) : shown),
    );
    if (view.focus !== undefined && !known?.focus) screen.push(text(`Focus: ${view.focus}`));
  }
  // How the session reaches the app, when that limits what the agent can do: in every answer.
  if ('mode' in answer && answer.mode !== undefined) screen.push(text(answer.mode));
  if (!answer.ok) {
    const actions = options.actions === undefined ? [] : [text(options.actions)];
    // Worded here, once, with the name the model knows: an error is facts (a `code` and what it
    // knows) until it leaves, so the words use the listed name (src/registry/call-error.ts). Cleaned
    // as an app's text, since a detail may quote one (an option's label, an exception's message).
    // An unknown tool's name is the one the model called: there is no listed name for it.
    const { error } = answer;
    const message = describeCallError(
      error,
      error.code === 'unknown_tool' ? error.tool : options.listedName(error.tool),
      options.surface === 'stable' ? STABLE_ADVICE : undefined,
    );
    return laidOut(
      {
        isError: true,
        content: [text(cleanAppText(withSuggestions(message, options.suggestions))), ...screen, ...actions],
      },
      options.blocks,
    );
  }
  const value = [
    text(valueText(answer.value)),
    ...(answer.value instanceof Screenshot ? [image(answer.value)] : []),
  ];
  const { structured } = options;
  const result: CallToolResult =
    structured === undefined || structured.ok
      ? { content: value }
      : { isError: true, content: [text(mismatch(structured.tool, structured.issues)), ...value] };
  // Who said yes, when it was the person watching: the agent's client never asked them.
  if ('approvedBy' in answer && answer.approvedBy === 'person')
    result.content.push(text('Approved by the person watching this session (ink-mcp watch).'));
  for (const item of screen) result.content.push(item);
  if (structured?.ok) result.structuredContent = structured.structured;
  if (answer.stopped) {
    result.content.push(
      text(
        `The app exited${answer.exit === undefined ? '' : ` (${answer.exit})`} after this call (the screen above is its last): its session has ended and its tools are gone.`,
      ),
    );
    return laidOut(result, options.blocks);
  }
  // On the stable surface no listed tool comes or goes with a call: the actions say what is there.
  if (options.surface === 'widgets' && (answer.added.length > 0 || answer.removed.length > 0)) {
    const changes = changesText(answer.added.map(options.listedName), answer.removed.map(options.listedName));
    if (changes !== undefined) result.content.push(text(changes));
  }
  if (options.actions !== undefined) result.content.push(text(options.actions));
  return laidOut(result, options.blocks);
}

/** The screen and the focus an answer shows after the call, to compare with what a client last got. */
export interface ShownView {
  /** The screen, without the note that colours changed. */
  screen: string;
  focus: string | undefined;
  /** The note that colours changed is there: the text may be as before, the colours are not. */
  news: boolean;
  /** The note is the colour rows (with their legend, unless the client had it). */
  rows: boolean;
}

/**
 * What an answer shows after the call; undefined when it shows no screen. A value that is the screen
 * (screen.read, screen.screenshot) already shows it, and the focus: not twice.
 */
export function shownView(answer: CallAnswer, includeScreen: boolean): ShownView | undefined {
  if (!includeScreen || answer.screen === undefined) return undefined;
  if (answer.ok && (answer.value instanceof ScreenReading || answer.value instanceof Screenshot))
    return undefined;
  // The note is the screen's last part (src/session/session.ts): either form of it.
  const rows = answer.screen.lastIndexOf(`\n${COLOUR_ROWS_HEAD}`);
  const hint = Math.max(answer.screen.lastIndexOf(`\n${COLOUR_HINT}`), rows);
  return {
    screen: hint < 0 ? answer.screen : answer.screen.slice(0, hint),
    focus: 'focus' in answer ? answer.focus : undefined,
    news: hint >= 0,
    rows: rows >= 0,
  };
}

/** What this client already has of an answer's view: those parts are not repeated. */
export interface KnownView {
  screen: boolean;
  focus: boolean;
  /** The colour rows' legend was in an earlier answer: their heading is given without it. */
  legend: boolean;
}

const SCREEN_AS_BEFORE = 'Screen: as in your last answer.';

/** What to do when a tool or widget is not there, on the stable surface (no list to call again). */
const STABLE_ADVICE =
  'pick one of the actions available now (listed at the end of this answer), or read the screen';

/**
 * With `'one'`, the text parts joined into one block (a blank line between them), then the others
 * (a screenshot's image) as they are.
 */
function laidOut(result: CallToolResult, blocks: AnswerBlocks): CallToolResult {
  if (blocks === 'many' || result.content.length <= 1) return result;
  const texts = result.content.filter((c) => c.type === 'text');
  const others = result.content.filter((c) => c.type !== 'text');
  const joined = texts.map((c) => c.text).join('\n\n');
  return { ...result, content: [...(texts.length > 0 ? [text(joined)] : []), ...others] };
}

/** A result for a failure that never reached the hub (a bug of ours, a transport problem). */
export function internalErrorResult(tool: string, error: unknown): CallToolResult {
  return {
    isError: true,
    content: [
      text(
        `ink-mcp: the call to ${JSON.stringify(tool)} failed inside the server (${errorText(error)}). ` +
          'This is not caused by your arguments; check the screen before retrying.',
      ),
    ],
  };
}

function text(value: string): Content {
  return { type: 'text', text: value };
}

/** A screenshot's PNG as an MCP image part (base64). */
function image(shot: Screenshot): Content {
  return { type: 'image', data: Buffer.from(shot.png).toString('base64'), mimeType: 'image/png' };
}

/** `screen` as every answer carries it: `Session.screen()`'s, cleaned and bounded already. */
function screenItem(screen: string): Content {
  return text(`Screen after the call:\n${screen}`);
}

/**
 * A string as it is; undefined as "done"; anything else as JSON on one line (or a note why it is not
 * JSON). Its strings are an app's text (labels, values): cleaned, escapes and all.
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return cleanAppText(value);
  if (value instanceof ScreenReading || value instanceof Screenshot) return cleanScreenText(value.text);
  if (value === undefined) return 'done';
  try {
    // On one line: indentation is characters (and tokens) a model pays for and does not need.
    return JSON.stringify(value, cleanStrings) ?? String(value);
  } catch (error) {
    return `(the tool returned a value that is not JSON: ${errorText(error)})`;
  }
}

/** The call was applied; only its answer is not what the tool promised. */
function mismatch(tool: string, issues: string): string {
  return (
    `ink-mcp: ${JSON.stringify(tool)} ran, but its result does not match the outputSchema it declares: ${issues}. ` +
    'The call was carried out: do not repeat it; its value follows as text, and the screen shows the effect. ' +
    "(This is a bug in the app's action, not in your arguments.)"
  );
}

function changesText(added: readonly string[], removed: readonly string[]): string | undefined {
  const parts: string[] = [];
  if (added.length > 0) parts.push(`Tools added by this call: ${added.join(', ')}.`);
  if (removed.length > 0) parts.push(`Tools removed by this call: ${removed.join(', ')}.`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function withSuggestions(message: string, suggestions: readonly string[] | undefined): string {
  if (suggestions === undefined) return message;
  if (suggestions.length === 0) return `${message} No listed tool has a similar name.`;
  return `${message} The closest names: ${suggestions.map((s) => JSON.stringify(s)).join(', ')}.`;
}
