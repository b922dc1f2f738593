import type { Logger } from '../util/logger.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { NameTable } from '../walker/name-table.js';
import type { JsonObject, ToolAnnotations, ToolDef, ZodSchema } from '../walker/types.js';
import { type BreakerOptions, CircuitBreakers } from './circuit-breaker.js';

/** What a static tool's handler learns about the call. */
export interface StaticCallInfo {
  tool: string;
  /** Aborted when the call times out. */
  signal: AbortSignal;
  client?: { name: string; version?: string };
  /** Ends the HTTP stream of this call's answer now; the client resumes and gets it (see CallInfo.closeStream). */
  closeStream?: () => void;
}

/** A tool that belongs to no widget (registered by the app or the server, not derived from a tree). */
export interface StaticTool {
  name: string;
  description: string | null;
  inputSchema: JsonObject;
  annotations: ToolAnnotations;
  /** When present, arguments are parsed with it (its output is what `run` gets). */
  zod?: ZodSchema;
  derived: false;
  run(args: Record<string, unknown>, call: StaticCallInfo): unknown;
}

export type StaticToolInput = Omit<StaticTool, 'derived'> & { derived?: false };

export type RegisteredTool = ToolDef | StaticTool;

export interface ToolDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** No change (shared, frozen: a commit that changed no tool allocates none). */
export const NO_DIFF: ToolDiff = Object.freeze({
  added: Object.freeze([]) as unknown as string[],
  removed: Object.freeze([]) as unknown as string[],
  changed: Object.freeze([]) as unknown as string[],
});

/** One change to the tool list; `sessionId` is null for static tools. */
export interface RegistryChange extends ToolDiff {
  sessionId: string | null;
}

interface SessionTools {
  byName: NameTable<ToolDef>;
  /** In view order, or (after `applySessionChange`) the function that answers them: see `#ordered`. */
  order: readonly ToolDef[] | (() => readonly ToolDef[]);
}

export interface RegistryOptions {
  /** The breakers to reset and drop as tools change, or options for new ones. */
  breakers?: CircuitBreakers | BreakerOptions;
  /** Where a throwing `changes` listener is reported. @default stderr */
  logger?: Logger;
}

/**
 * The tools an agent can call: static ones, then each session's derived ones. Diffing a session's new
 * tool list against the registered one is what tells the server to notify clients (`changes`).
 */
/** A session remembers at most this many widget ids it showed (a long-lived app with generated ids). */
const MAX_SHOWN_IDS = 10_000;

export class Registry {
  readonly breakers: CircuitBreakers;
  readonly changes: Subscribable<RegistryChange>;
  readonly #statics = new Map<string, StaticTool>();
  /** Per session (in first-registration order): its tools by name, and in view order. */
  readonly #sessions = new Map<string, SessionTools>();
  /** Every derived tool by name, with the session that registered it: `get` is one lookup. */
  readonly #derived = new NameTable<{ sessionId: string; tool: ToolDef }>();
  /** Per session, its tool names, kept while they are unchanged (see `sessionToolNames`). */
  readonly #nameSets = new Map<string, ReadonlySet<string>>();
  /** Per session, how many writes its tools have had (see `sessionRevision`). */
  readonly #revisions = new Map<string, number>();
  /** The widget ids each session's tools have had (so a call can tell gone from never there), bounded. */
  readonly #shown = new Map<string, Set<string>>();
  #listing: readonly RegisteredTool[] | undefined;
  #version = 0;

  constructor(options: RegistryOptions = {}) {
    const { breakers, logger } = options;
    this.breakers = breakers instanceof CircuitBreakers ? breakers : new CircuitBreakers(breakers);
    this.changes = new Subscribable<RegistryChange>(
      logger &&
        ((error) => (logger.error ?? logger.warn)(`ink-mcp: a registry listener threw: ${errorText(error)}`)),
    );
  }

  /**
   * Registers a session's tools (view order), replacing its previous ones. A tool whose definitionKey
   * or provider differs from the registered one of the same name is `changed` (its breaker is reset:
   * it is a different tool now). The newest ToolDefs are kept even when nothing changed, because a zod
   * schema may close over state the listed JSON Schema does not show.
   */
  replaceSession(sessionId: string, tools: readonly ToolDef[]): ToolDiff {
    if (this.#sameList(sessionId, tools)) return this.#renew(sessionId, tools);
    const previous = this.#sessions.get(sessionId)?.byName ?? new NameTable<ToolDef>();
    const next = new NameTable<ToolDef>();
    const diff: ToolDiff = { added: [], removed: [], changed: [] };
    for (const tool of tools) {
      // Duplicate widget ids: the first in view order is listed; the call path resolves live anyway.
      if (next.has(tool.name) || this.#foreign(tool, sessionId)) continue;
      next.set(tool.name, tool);
      this.#compare(previous.get(tool.name), tool, diff);
    }
    for (const name of previous.keys()) if (!next.has(name)) diff.removed.push(name);
    for (const name of diff.removed) this.#drop(name);
    for (const [name, tool] of next) this.#derived.set(name, { sessionId, tool });
    this.#sessions.set(sessionId, { byName: next, order: [...next.values()] });
    // Fresh ToolDef objects are stored either way, so the listing is rebuilt on the next `list()`.
    this.#wrote(sessionId, diff);
    return diff;
  }

  /**
   * Whether `tools` are the session's registered tools again, name for name in the same order, each
   * with the same definition and provider: what a source that makes a new tree on every commit
   * (plain data) gives for a commit that changed no tool.
   */
  #sameList(sessionId: string, tools: readonly ToolDef[]): boolean {
    if (!this.#sessions.has(sessionId)) return false;
    const held = this.#ordered(sessionId);
    if (held.length !== tools.length) return false;
    for (let i = 0; i < tools.length; i++) {
      const was = held[i] as ToolDef;
      const now = tools[i] as ToolDef;
      // The same name, compared by its parts (ids hold no dots, so the parts are the name): the new
      // name is a fresh string, the parts are the tree's and the spec's own.
      if (
        was.widgetId !== now.widgetId ||
        was.action !== now.action ||
        was.sessionId !== now.sessionId ||
        was.definitionKey !== now.definitionKey ||
        was.provider !== now.provider
      )
        return false;
    }
    return true;
  }

  /**
   * `replaceSession` for the same list (`#sameList`): nothing added, removed or changed, and the
   * newest ToolDefs stored in place, without a new table (its iterators cost a trivial call dearly).
   */
  #renew(sessionId: string, tools: readonly ToolDef[]): ToolDiff {
    const record = this.#sessions.get(sessionId) as SessionTools;
    const held = this.#ordered(sessionId);
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i] as ToolDef;
      // The registered name string (equal, and already hashed as a key) instead of the new one.
      const name = (held[i] as ToolDef).name;
      tool.name = name;
      record.byName.set(name, tool);
      const entry = this.#derived.get(name);
      if (entry !== undefined) entry.tool = tool;
      else this.#derived.set(name, { sessionId, tool });
    }
    record.order = tools.slice();
    this.#wrote(sessionId, NO_DIFF);
    return NO_DIFF;
  }

  /**
   * Applies a change to a session's tools: `upserted` replace (or add) the tools of their names,
   * `removed` go; `order` answers all of the session's tools in view order (asked lazily, when a
   * listing is built). Costs what changed, not what the session holds. The same rules as
   * `replaceSession`: a changed definition or provider is `changed` and resets its breaker, the
   * newest ToolDefs are kept, and a name another session holds stays with it.
   */
  applySessionChange(
    sessionId: string,
    change: { upserted: readonly ToolDef[]; removed: readonly string[] },
    order: () => readonly ToolDef[],
  ): ToolDiff {
    let record = this.#sessions.get(sessionId);
    if (record === undefined) {
      record = { byName: new NameTable(), order };
      this.#sessions.set(sessionId, record);
    }
    const { byName } = record;
    const diff: ToolDiff = { added: [], removed: [], changed: [] };
    for (const name of change.removed) {
      if (!byName.delete(name)) continue;
      diff.removed.push(name);
      this.#drop(name);
    }
    for (const tool of change.upserted) {
      if (this.#foreign(tool, sessionId)) continue;
      const before = byName.get(tool.name);
      if (before === tool) continue;
      this.#compare(before, tool, diff);
      byName.set(tool.name, tool);
      this.#derived.set(tool.name, { sessionId, tool });
    }
    // The order may have changed even when no tool did (a move): the next listing asks `order`.
    record.order = order;
    this.#wrote(sessionId, diff);
    return diff;
  }

  /** The session's app is gone: all its tools go with it. */
  removeSession(sessionId: string): ToolDiff {
    const tools = this.#sessions.get(sessionId)?.byName;
    const diff: ToolDiff = { added: [], removed: tools ? [...tools.keys()] : [], changed: [] };
    if (!tools) return diff;
    this.#sessions.delete(sessionId);
    this.#shown.delete(sessionId);
    for (const name of diff.removed) this.#drop(name);
    this.#wrote(sessionId, diff);
    return diff;
  }

  /**
   * Whether a widget of this id has had tools in this session since it was attached; undefined when
   * that can no longer be told (more than `MAX_SHOWN_IDS` ids came).
   */
  shownBefore(sessionId: string, widgetId: string): boolean | undefined {
    const shown = this.#shown.get(sessionId);
    if (shown?.has(widgetId)) return true;
    return shown !== undefined && shown.size >= MAX_SHOWN_IDS ? undefined : false;
  }

  #remember(sessionId: string, added: readonly string[]): void {
    if (added.length === 0) return;
    let shown = this.#shown.get(sessionId);
    if (!shown) {
      shown = new Set();
      this.#shown.set(sessionId, shown);
    }
    for (const name of added) {
      if (shown.size >= MAX_SHOWN_IDS) return;
      const tool = this.#derived.get(name)?.tool;
      if (tool) shown.add(tool.widgetId);
    }
  }

  /** A ToolDef from another session whose name that session holds (only a foreign ToolDef can clash). */
  #foreign(tool: ToolDef, sessionId: string): boolean {
    const owner = this.#derived.get(tool.name)?.sessionId;
    return owner !== undefined && owner !== sessionId;
  }

  #compare(before: ToolDef | undefined, tool: ToolDef, diff: ToolDiff): void {
    if (!before) diff.added.push(tool.name);
    else if (before.definitionKey !== tool.definitionKey || before.provider !== tool.provider) {
      diff.changed.push(tool.name);
      this.breakers.reset(tool.name);
    }
  }

  #drop(name: string): void {
    this.#derived.delete(name);
    this.breakers.delete(name);
  }

  /** After any write to a session's tools: new ToolDefs or order are stored, so the listing is rebuilt. */
  #wrote(sessionId: string, diff: ToolDiff): void {
    this.#revisions.set(sessionId, (this.#revisions.get(sessionId) ?? 0) + 1);
    this.#remember(sessionId, diff.added);
    if (diff.added.length + diff.removed.length > 0) this.#nameSets.delete(sessionId);
    this.#listing = undefined;
    this.#announce(sessionId, diff);
  }

  /**
   * Adds a tool that belongs to no session. A static name shadows a derived tool of the same name.
   * @throws TypeError when a static tool of that name exists (a setup mistake, not a runtime state).
   */
  addStatic(input: StaticToolInput): StaticTool {
    if (this.#statics.has(input.name))
      throw new TypeError(`ink-mcp: a static tool named "${input.name}" exists`);
    const tool: StaticTool = { ...input, derived: false };
    this.#statics.set(tool.name, tool);
    this.#listing = undefined;
    this.#announce(null, { added: [tool.name], removed: [], changed: [] });
    return tool;
  }

  get(name: string): RegisteredTool | undefined {
    return this.#statics.get(name) ?? this.#derived.get(name)?.tool;
  }

  /** Static tools (insertion order), then each session's tools (sessions by first registration, tools in view order). */
  list(): readonly RegisteredTool[] {
    if (this.#listing) return this.#listing;
    const listing: RegisteredTool[] = [...this.#statics.values()];
    for (const sessionId of this.#sessions.keys()) {
      for (const tool of this.#ordered(sessionId)) if (!this.#statics.has(tool.name)) listing.push(tool);
    }
    this.#listing = Object.freeze(listing);
    return this.#listing;
  }

  /** The tools that belong to no session, in insertion order. */
  statics(): readonly StaticTool[] {
    return [...this.#statics.values()];
  }

  /** The session's tools in view order. */
  sessionTools(sessionId: string): readonly ToolDef[] {
    return this.#ordered(sessionId);
  }

  /** The session's tools in view order: what its order answers, less what the registry does not hold. */
  #ordered(sessionId: string): readonly ToolDef[] {
    const record = this.#sessions.get(sessionId);
    if (record === undefined) return [];
    if (typeof record.order !== 'function') return record.order;
    const held: ToolDef[] = [];
    // A name listed once (the first in view order), and only as the ToolDef registered under it.
    for (const tool of record.order()) if (this.#derived.get(tool.name)?.tool === tool) held.push(tool);
    record.order = held;
    return held;
  }

  /**
   * A session's registered tool names. The same set object is returned for as long as the names stay
   * the same, so comparing two results by identity tells whether the session's tools came or went.
   */
  sessionToolNames(sessionId: string): ReadonlySet<string> {
    let names = this.#nameSets.get(sessionId);
    if (names === undefined) {
      names = new Set(this.#sessions.get(sessionId)?.byName.keys());
      this.#nameSets.set(sessionId, names);
    }
    return names;
  }

  /** Counts the writes to a session's tools: unchanged, nobody else changed what the registry holds for it. */
  sessionRevision(sessionId: string): number {
    return this.#revisions.get(sessionId) ?? 0;
  }

  /** Counts the changes announced so far: equal versions mean an equal listing (for caching its JSON). */
  get version(): number {
    return this.#version;
  }

  #announce(sessionId: string | null, diff: ToolDiff): void {
    if (diff.added.length + diff.removed.length + diff.changed.length === 0) return;
    this.#version++;
    this.changes.emit({
      sessionId,
      added: [...diff.added],
      removed: [...diff.removed],
      changed: [...diff.changed],
    });
  }
}
