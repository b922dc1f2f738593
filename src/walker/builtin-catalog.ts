import type { JsonObject, ToolAnnotations } from './types.js';

/**
 * What every session's built-in tools and the stable surface's `act` tool say about themselves:
 * description, input schema and annotations, as plain data. One home for it, because three places
 * show it: the built-in providers (src/react/builtins/), the stable listing (src/server/stable-surface.ts)
 * and the early answer of a stdio server whose app is still loading (src/launcher/relay.ts), which
 * must not load React for it.
 */
export interface CatalogEntry {
  /** `widget.action`, the tool's name after the session id. */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly annotations: ToolAnnotations;
}

/** More keys than this in one call is a script, not a keystroke: split it into several calls. */
export const MAX_KEYS = 500;
/** The longest text one `keyboard.type` call types (if the app takes its keys fast enough: see below). */
export const MAX_TEXT = 10_000;
/**
 * A keyboard call sends keys for at most this long, then answers how many it sent: inside the
 * default call timeout (30 s), whose answer could not say. The app sets the pace (each key waits
 * for its commit): 10,000 characters take a few seconds into an input that shows only part of its
 * text, but one that shows all of it lays it out again on every key: about 1,800 fit (2-core machine).
 */
export const KEYS_TIME_LIMIT_MS = 20_000;
/** How long before the call's own timeout the keys stop, so that the call answers how far it got. */
const KEYS_TIME_MARGIN_MS = 10_000;

/**
 * How long a keyboard call sends keys: `KEYS_TIME_LIMIT_MS`, and `KEYS_TIME_MARGIN_MS` before a
 * shorter `callTimeoutMs` (half of one shorter than twice the margin).
 */
export function keysTimeLimit(callTimeoutMs: number | undefined): number {
  if (callTimeoutMs === undefined) return KEYS_TIME_LIMIT_MS;
  const before =
    callTimeoutMs > 2 * KEYS_TIME_MARGIN_MS ? callTimeoutMs - KEYS_TIME_MARGIN_MS : callTimeoutMs / 2;
  return Math.min(KEYS_TIME_LIMIT_MS, before);
}
/** `screen.wait_for` waits at most this long (a call must answer well before clients give up). */
export const MAX_WAIT_MS = 25_000;
export const DEFAULT_WAIT_MS = 5_000;
/** The longest `screen.wait_for` pattern: it bounds the time RE2 takes to compile one. */
export const MAX_PATTERN = 1_000;

const NO_ARGUMENTS: JsonObject = Object.freeze<JsonObject>({
  type: 'object',
  properties: {},
  required: [],
  additionalProperties: false,
});

export const KEYBOARD_PRESS: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'keyboard.press',
  description:
    'Press keys in order, as a person does (each one reaches the app after the previous one took effect). ' +
    'Names: enter, tab, shift+tab, escape, backspace, delete, space, up, down, left, right, home, end, ' +
    'pageup, pagedown, f1-f12, ctrl+<letter>, meta+<key>, or one character ("a", "A", "/"). ' +
    'To type text, use keyboard.type.',
  inputSchema: {
    type: 'object',
    properties: {
      keys: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: MAX_KEYS,
        description: 'Key names, pressed in this order, e.g. ["down", "down", "enter"].',
      },
    },
    required: ['keys'],
    additionalProperties: false,
  },
  annotations: {},
});

export const KEYBOARD_TYPE: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'keyboard.type',
  description:
    'Type text as a person does, one character per key (a line break is Enter), each after the app handled the one before. ' +
    `At most ${MAX_TEXT} characters, and ${KEYS_TIME_LIMIT_MS / 1000} s a call: an app that redraws slowly takes fewer ` +
    '(the answer says how many were typed and where to resume). ' +
    'For named keys (arrows, escape, ctrl+…) use keyboard.press.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', minLength: 1, maxLength: MAX_TEXT } },
    required: ['text'],
    additionalProperties: false,
  },
  annotations: {},
});

export const SCREEN_READ: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'screen.read',
  description:
    'Read the screen now as plain text (as many lines as the terminal has rows: the last ones, or ' +
    'from line `offset`, 0 being the top), which widget has Ink focus, the accessibility outline ' +
    '(aria-role, aria-state, aria-label) when the app declares one, and the actions available now. ' +
    'With `styles: true`, text in a colour or style is marked [style]text[/], e.g. [bold black on green]W[/] ' +
    "(the app's own [ and \\ are written \\[ and \\\\): read it when colour carries meaning; answers say when colours changed.",
  inputSchema: {
    type: 'object',
    properties: {
      offset: {
        type: ['integer', 'null'],
        minimum: 0,
        description: 'The first line to show (0 is the top); null for the last lines.',
      },
      styles: {
        type: ['boolean', 'null'],
        description: 'true: mark colours and styles as [style]text[/]; null or false: plain text.',
      },
    },
    required: ['offset', 'styles'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
});

export const SCREEN_WAIT_FOR: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'screen.wait_for',
  description:
    'Wait until the screen shows `text` (plain substring) or matches `pattern` (a regular expression in RE2 syntax, ' +
    'which runs in linear time: JavaScript syntax without backreferences or lookaround; ^ and $ match at line ends; ' +
    '(?i) ignores case), ' +
    `answering as soon as it does; fails after timeout_ms (default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS}) with the last screen. ` +
    'Give one of text and pattern, the other null. Other calls to this session wait while it waits.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: ['string', 'null'], minLength: 1 },
      pattern: { type: ['string', 'null'], minLength: 1, maxLength: MAX_PATTERN },
      timeout_ms: { type: ['integer', 'null'], minimum: 0, maximum: MAX_WAIT_MS },
    },
    required: ['text', 'pattern', 'timeout_ms'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
});

/**
 * `screen.screenshot {}`: the screen as a PNG picture, offered only when screenshots are turned on
 * (the `screenshots` option, `INK_MCP_SCREENSHOTS=1`): it needs optional packages, and a model
 * without vision has no use for it.
 */
export const SCREEN_SCREENSHOT: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'screen.screenshot',
  description:
    'A picture of the screen now (PNG: colours, bold, inverse and the layout as a terminal shows them, ' +
    'one cell per character), with the screen as plain text, the focus and the accessibility outline. ' +
    'Use it when colour or layout carries meaning and you can see images; screen.read gives the text alone.',
  inputSchema: NO_ARGUMENTS,
  annotations: { readOnlyHint: true },
});

export const FOCUS_LIST: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.list',
  description: 'The ids that can take focus (in Tab order) and the one that has it.',
  inputSchema: NO_ARGUMENTS,
  annotations: { readOnlyHint: true },
});

export const FOCUS_SET: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.set',
  description: "Give focus to the component with this id (Ink's useFocus id; focus.list lists them).",
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', minLength: 1 } },
    required: ['id'],
    additionalProperties: false,
  },
  annotations: {},
});

export const FOCUS_NEXT: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.next',
  description: 'Move focus to the next component, as Tab does.',
  inputSchema: NO_ARGUMENTS,
  annotations: {},
});

export const FOCUS_PREVIOUS: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.previous',
  description: 'Move focus to the previous component, as Shift+Tab does.',
  inputSchema: NO_ARGUMENTS,
  annotations: {},
});

/** Every session's built-in tools, in the order they are listed (`screen.screenshot` aside: opt-in). */
export const BUILTIN_CATALOG: readonly CatalogEntry[] = [
  KEYBOARD_PRESS,
  KEYBOARD_TYPE,
  SCREEN_READ,
  SCREEN_WAIT_FOR,
  FOCUS_LIST,
  FOCUS_SET,
  FOCUS_NEXT,
  FOCUS_PREVIOUS,
];

/** The action name of the stable surface's one tool for every widget action: `<session>.act`. */
export const ACT = 'act';

/**
 * `<session>.act {widget, action, args}`: performs any action a widget on screen offers now, by the
 * same rules as its own tool. `args` is JSON text so the schema stays closed (OpenAI's strict mode
 * takes no open object); an object is accepted too.
 */
export const ACT_ENTRY: CatalogEntry = Object.freeze<CatalogEntry>({
  name: ACT,
  description:
    'Perform an action a widget on the screen offers now. Every answer ends with the actions available ' +
    '(widget.action {arguments}: what it does); pick one of those. Actions marked "needs approval" ' +
    'ask the person at the terminal first.',
  inputSchema: {
    type: 'object',
    properties: {
      widget: { type: 'string', description: 'The widget id, e.g. "todos".' },
      action: { type: 'string', description: 'The action name, e.g. "add_item".' },
      args: {
        type: 'string',
        description:
          'The action\'s arguments as JSON object text, e.g. "{\\"text\\":\\"Buy milk\\"}"; "{}" for none.',
      },
    },
    required: ['widget', 'action', 'args'],
    additionalProperties: false,
  },
  annotations: {},
});

/** The built-ins with `screen.screenshot`, which is listed after the other screen tools. */
const BUILTIN_CATALOG_WITH_SCREENSHOT: readonly CatalogEntry[] = BUILTIN_CATALOG.flatMap((entry) =>
  entry === SCREEN_WAIT_FOR ? [entry, SCREEN_SCREENSHOT] : [entry],
);

const WITH_BUILTINS: readonly CatalogEntry[] = [...BUILTIN_CATALOG, ACT_ENTRY];
const WITH_SCREENSHOT: readonly CatalogEntry[] = [...BUILTIN_CATALOG_WITH_SCREENSHOT, ACT_ENTRY];
const ACT_ONLY: readonly CatalogEntry[] = [ACT_ENTRY];

/**
 * A session's tools on the stable surface, in listed order: the built-ins (when it has them, with
 * `screen.screenshot` when `screenshots` is on too), then `act`. The server lists them
 * (src/server/stable-surface.ts) and a stdio relay answers them before the app has loaded
 * (src/launcher/early-tools.ts).
 */
export function stableCatalog(builtins: boolean, screenshots = false): readonly CatalogEntry[] {
  if (!builtins) return ACT_ONLY;
  return screenshots ? WITH_SCREENSHOT : WITH_BUILTINS;
}
