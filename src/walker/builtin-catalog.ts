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
  /**
   * What is wrong with arguments that fit the schema but not the tool's bounds (worded for a model:
   * what was given, what is allowed), checked before the tool does anything; none when they fit.
   */
  readonly bounds?: (args: Record<string, unknown>) => string | undefined;
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

/*
 * The listing is lean (every model reads it on every request: issue #38 item 2 holds the stable
 * surface's nine tools to 2,500 characters of JSON). What a model needs only when it errs is said by
 * the refusal instead: the full key names (src/react/key-names.ts), what RE2 does not take
 * (src/react/builtins/screen-pattern.ts), how many keys were typed before the time ran out, and the
 * bounds below, which `bounds` checks before anything runs (they are not in the listed schemas).
 */

export const KEYBOARD_PRESS: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'keyboard.press',
  description: 'Press keys in order (enter, tab, up, escape, ctrl+c, a…).',
  inputSchema: {
    type: 'object',
    properties: {
      keys: { type: 'array', items: { type: 'string' }, description: 'Key names.' },
    },
    required: ['keys'],
    additionalProperties: false,
  },
  annotations: {},
  bounds: (args) => {
    const keys = args.keys as unknown[];
    if (keys.length === 0) return '`keys` is empty: give at least one key name';
    if (keys.length > MAX_KEYS)
      return `\`keys\` has ${keys.length} names, more than the ${MAX_KEYS} one call takes: split them into several calls`;
    return undefined;
  },
});

export const KEYBOARD_TYPE: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'keyboard.type',
  description: 'Type text (a line break is Enter).',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'The text.' } },
    required: ['text'],
    additionalProperties: false,
  },
  annotations: {},
  bounds: (args) => {
    const text = args.text as string;
    if (text.length === 0) return '`text` is empty: give at least one character';
    if (text.length > MAX_TEXT)
      return `\`text\` has ${text.length} characters, more than the ${MAX_TEXT} one call types: split it into several calls`;
    return undefined;
  },
});

export const SCREEN_READ: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'screen.read',
  description: 'The screen, focus, and all actions now.',
  inputSchema: {
    type: 'object',
    properties: {
      offset: { type: ['integer', 'null'], description: 'First line; null: the last.' },
      styles: { type: ['boolean', 'null'], description: 'true: mark colours.' },
    },
    required: ['offset', 'styles'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  bounds: (args) =>
    typeof args.offset === 'number' && args.offset < 0
      ? `\`offset\` is ${args.offset}: give a line number from 0 (the top), or null for the last lines`
      : undefined,
});

export const SCREEN_WAIT_FOR: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'screen.wait_for',
  description: 'Wait until the screen shows text or matches pattern.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: ['string', 'null'], description: 'A substring, or null.' },
      pattern: { type: ['string', 'null'], description: 'An RE2 regex, or null.' },
      timeout_ms: { type: ['integer', 'null'], description: `null: ${DEFAULT_WAIT_MS}.` },
    },
    required: ['text', 'pattern', 'timeout_ms'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  bounds: (args) => {
    if (args.text === '' || args.pattern === '')
      return `\`${args.text === '' ? 'text' : 'pattern'}\` is empty: give what to wait for`;
    if (typeof args.pattern === 'string' && args.pattern.length > MAX_PATTERN)
      return `\`pattern\` has ${args.pattern.length} characters, more than the ${MAX_PATTERN} allowed`;
    const timeout = args.timeout_ms;
    if (typeof timeout === 'number' && (timeout < 0 || timeout > MAX_WAIT_MS))
      return `\`timeout_ms\` is ${timeout}: give 0 to ${MAX_WAIT_MS}, or null for ${DEFAULT_WAIT_MS}`;
    return undefined;
  },
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
  description: 'The ids that can take focus.',
  inputSchema: NO_ARGUMENTS,
  annotations: { readOnlyHint: true },
});

export const FOCUS_SET: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.set',
  description: 'Focus a component.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'Its id (focus.list), or its widget’s.' } },
    required: ['id'],
    additionalProperties: false,
  },
  annotations: {},
});

export const FOCUS_NEXT: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.next',
  description: 'As Tab.',
  inputSchema: NO_ARGUMENTS,
  annotations: {},
});

export const FOCUS_PREVIOUS: CatalogEntry = Object.freeze<CatalogEntry>({
  name: 'focus.previous',
  description: 'As Shift+Tab.',
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
  description: 'Do a widget action an answer listed (screen.read lists all).',
  inputSchema: {
    type: 'object',
    properties: {
      widget: { type: 'string', description: 'Widget id.' },
      action: { type: 'string', description: 'Action name.' },
      args: { type: 'string', description: 'JSON, e.g. {"text":"hi"} or {}.' },
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
