import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import type { JsonObject, Logger, ToolAnnotations, ToolDef, ZodSchema } from '../walker/types.js';
import { type BreakerOptions, CircuitBreakers } from './circuit-breaker.js';

/** What a static tool's handler learns about the call. */
export interface StaticCallInfo {
  tool: string;
  /** Aborted when the call times out. */
  signal: AbortSignal;
  client?: { name: string; version?: string };
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

/** One change to the tool list; `sessionId` is null for static tools. */
export interface RegistryChange extends ToolDiff {
  sessionId: string | null;
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
export class Registry {
  readonly breakers: CircuitBreakers;
  readonly changes: Subscribable<RegistryChange>;
  readonly #statics = new Map<string, StaticTool>();
  /** Per session (in first-registration order), name → tool in view order. */
  readonly #sessions = new Map<string, Map<string, ToolDef>>();
  /** Every derived tool by name, with the session that registered it: `get` is one lookup. */
  readonly #derived = new Map<string, { sessionId: string; tool: ToolDef }>();
  /** Per session, its tool names, kept while they are unchanged (see `sessionToolNames`). */
  readonly #nameSets = new Map<string, ReadonlySet<string>>();
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
    const previous = this.#sessions.get(sessionId) ?? new Map<string, ToolDef>();
    const next = new Map<string, ToolDef>();
    const diff: ToolDiff = { added: [], removed: [], changed: [] };
    for (const tool of tools) {
      // Duplicate widget ids: the first in view order is listed; the call path resolves live anyway.
      if (next.has(tool.name)) continue;
      const owner = this.#derived.get(tool.name)?.sessionId;
      // A name another session holds stays with it (only a ToolDef from a foreign session can clash).
      if (owner !== undefined && owner !== sessionId) continue;
      next.set(tool.name, tool);
      const before = previous.get(tool.name);
      if (!before) diff.added.push(tool.name);
      else if (before.definitionKey !== tool.definitionKey || before.provider !== tool.provider) {
        diff.changed.push(tool.name);
      }
    }
    for (const name of previous.keys()) if (!next.has(name)) diff.removed.push(name);

    for (const name of diff.removed) {
      this.#derived.delete(name);
      this.breakers.delete(name);
    }
    for (const name of diff.changed) this.breakers.reset(name);
    for (const [name, tool] of next) this.#derived.set(name, { sessionId, tool });
    this.#sessions.set(sessionId, next);
    if (diff.added.length + diff.removed.length > 0) this.#nameSets.delete(sessionId);
    // Fresh ToolDef objects are stored either way, so the listing is rebuilt on the next `list()`.
    this.#listing = undefined;
    this.#announce(sessionId, diff);
    return diff;
  }

  /** The session's app is gone: all its tools go with it. */
  removeSession(sessionId: string): ToolDiff {
    const tools = this.#sessions.get(sessionId);
    const diff: ToolDiff = { added: [], removed: tools ? [...tools.keys()] : [], changed: [] };
    if (!tools) return diff;
    this.#sessions.delete(sessionId);
    this.#nameSets.delete(sessionId);
    for (const name of diff.removed) {
      this.#derived.delete(name);
      this.breakers.delete(name);
    }
    this.#listing = undefined;
    this.#announce(sessionId, diff);
    return diff;
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
    for (const tools of this.#sessions.values()) {
      for (const tool of tools.values()) if (!this.#statics.has(tool.name)) listing.push(tool);
    }
    this.#listing = Object.freeze(listing);
    return this.#listing;
  }

  /**
   * A session's registered tool names. The same set object is returned for as long as the names stay
   * the same, so comparing two results by identity tells whether the session's tools came or went.
   */
  sessionToolNames(sessionId: string): ReadonlySet<string> {
    let names = this.#nameSets.get(sessionId);
    if (names === undefined) {
      names = new Set(this.#sessions.get(sessionId)?.keys());
      this.#nameSets.set(sessionId, names);
    }
    return names;
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
