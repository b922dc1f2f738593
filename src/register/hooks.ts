import { REGISTER_KEY } from '../render/preload-state.js';

/**
 * Module hooks (`module.register`, run off the main thread): every `import 'ink'` outside ink-mcp's
 * own files gets a wrapper module instead, which re-exports Ink with `render` wrapped. ESM namespace
 * objects are frozen, so the wrapping has to happen at resolution; the wrapper reads the wrapping
 * function from a global the preload set (src/register/index.ts), on the main thread.
 *
 * ink-mcp's own files are bound to the copy of Ink the app imported first, and to the React that
 * copy imports: an app may bring its own (a CLI that pins another version, installed beside
 * ink-mcp, is not deduped), and an element tree works only with the Ink and React that render it
 * (another copy's contexts read as their defaults; another React's hooks throw). ink-mcp's modules
 * load when the app first imports Ink (src/register/index.ts), so the copy is known by then.
 */

export interface HooksData {
  /** URL prefix of ink-mcp's own files: their `import 'ink'` is the real one. */
  ownRoot: string;
}

interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
interface ResolveContext {
  parentURL?: string;
  conditions?: string[];
}
interface LoadResult {
  format: string;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}

/** A scheme no other loader claims, so the wrapper is ours to load. */
export const WRAPPER_PREFIX = 'ink-mcp-wrapped-ink:';
/** The same for a widget library's copy: `ink-mcp-widget-copy:<library>:<url>`. */
export const COPY_PREFIX = 'ink-mcp-widget-copy:';

/**
 * Widget libraries the default adapters know (components/adapters/copies.ts) whose every copy the
 * app loads is told to the preload: a copy nested under another dependency (a form library's own
 * ink-select-input, of another version) is another component to the type map, adapted like the
 * one beside the app. Both have a default export, which the wrapper re-exports.
 */
const COPIED = /^(ink-text-input|ink-select-input)$/;

let ownRoot = '\0';
/** The copy of Ink the app imported first. */
let appInk: string | undefined;

/**
 * What ink-mcp's own files resolve as the app's Ink resolves them: Ink, React, and the widget
 * libraries the default adapters recognise by identity (components/adapters), so that they are the
 * copies beside the app's Ink where it has its own (else ink-mcp's).
 */
const BOUND = /^(ink|react|react\/.+|ink-text-input|ink-select-input|@inkjs\/ui)$/;

/** What every module of the app shares with its Ink: React. */
const SHARED = /^(react|react\/.+)$/;

export function initialize(data: HooksData): void {
  ownRoot = data.ownRoot;
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  next: (specifier: string, context: ResolveContext) => Promise<ResolveResult>,
): Promise<ResolveResult> {
  const own = context.parentURL?.startsWith(ownRoot) ?? false;
  if (own && appInk && BOUND.test(specifier)) {
    if (specifier === 'ink') return { url: appInk, format: 'module', shortCircuit: true };
    try {
      return await next(specifier, { ...context, parentURL: appInk });
    } catch {
      // Not installed beside the app's Ink (an adapter's library the app does not use): ink-mcp's.
    }
  }
  // The app's other modules (a widget library hoisted beside it) see the same Ink and React as the
  // app's Ink does: installing ink-mcp beside a CLI on Ink 5 and React 18 puts Ink 6 and React 19
  // (its peers) at the top of node_modules and the CLI's own copies under it, where a library the CLI
  // shares with no one (ink-text-input) still resolves the top ones: two Reacts in one tree ("Cannot
  // read properties of null (reading 'useState')"), the app's first render throws.
  if (!own && appInk && SHARED.test(specifier)) {
    try {
      return await next(specifier, { ...context, parentURL: appInk });
    } catch {
      // Not beside the app's Ink: as the module itself resolves it.
    }
  }
  const resolved = await next(specifier, context);
  if (!own && COPIED.test(specifier) && resolved.format === 'module')
    return {
      url: `${COPY_PREFIX}${specifier}:${encodeURIComponent(resolved.url)}`,
      format: 'module',
      shortCircuit: true,
    };
  if (specifier !== 'ink' || own) return resolved;
  appInk ??= resolved.url;
  // Every `import 'ink'` gets the copy the app imported first (one Ink, one set of contexts).
  return { url: WRAPPER_PREFIX + encodeURIComponent(appInk), format: 'module', shortCircuit: true };
}

export async function load(
  url: string,
  context: unknown,
  next: (url: string, context: unknown) => Promise<LoadResult>,
): Promise<LoadResult> {
  if (url.startsWith(COPY_PREFIX)) {
    const rest = url.slice(COPY_PREFIX.length);
    const colon = rest.indexOf(':');
    return {
      format: 'module',
      source: copySource(rest.slice(0, colon), decodeURIComponent(rest.slice(colon + 1))),
      shortCircuit: true,
    };
  }
  if (!url.startsWith(WRAPPER_PREFIX)) return next(url, context);
  const real = decodeURIComponent(url.slice(WRAPPER_PREFIX.length));
  return { format: 'module', source: wrapperSource(real), shortCircuit: true };
}

/**
 * The module an app (or a library of it) gets for a widget library: the copy it resolved, unchanged,
 * told to the preload (`PreloadHook.widgetCopy`) as it loads.
 */
export function copySource(library: string, realUrl: string): string {
  const real = JSON.stringify(realUrl);
  return [
    `import * as copy from ${real};`,
    `export * from ${real};`,
    `export { default } from ${real};`,
    `globalThis[Symbol.for(${JSON.stringify(REGISTER_KEY)})]?.widgetCopy?.(${JSON.stringify(library)}, copy);`,
    '',
  ].join('\n');
}

/**
 * The module an app gets for `ink`: Ink's own exports, and `render` as the preload wraps it (a local
 * export wins over `export *`). The wrapping is awaited here, so ink-mcp's modules load only in the
 * process that imports Ink, never in wrapper processes (npx, npm, tsx's CLI).
 */
export function wrapperSource(realUrl: string): string {
  const real = JSON.stringify(realUrl);
  return [
    `import * as ink from ${real};`,
    `export * from ${real};`,
    `const hook = globalThis[Symbol.for(${JSON.stringify(REGISTER_KEY)})];`,
    'export const render = hook ? await hook.wrap(ink) : ink.render;',
    '',
  ].join('\n');
}
