import type { $ZodType, output } from 'zod/v4/core';
import type { Logger } from '../util/logger.js';

/** A value JSON can encode, as the client's tool list carries it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** An inputSchema as a provider writes it: cleaned (and possibly refused) by `cleanSpec`. */
export type JsonSchemaObject = { [key: string]: unknown };

/** Any zod 4 schema (classic or mini). Converted with `z.toJSONSchema`. */
export type ZodSchema = $ZodType;

export type InputSchema = JsonSchemaObject | ZodSchema;

/** The arguments `run` receives: the parsed output of a zod schema, else the validated JSON object. */
export type ArgsOf<S> = [S] extends [ZodSchema] ? output<S> : Record<string, unknown>;

export interface ActionAnnotations {
  /** The call needs the authorizer (it handles secrets). */
  sensitive?: boolean;
  /** The call needs the authorizer (it destroys something). */
  destructiveHint?: boolean;
  /** The call changes nothing: listed, so clients may run it without asking. Dropped with either above. */
  readOnlyHint?: boolean;
  /** Anything else is dropped before it reaches a client. */
  [key: string]: unknown;
}

/** Who is calling, and what the call is about. */
export interface CallInfo {
  /** The canonical tool name, `session.widget.action`. */
  tool: string;
  sessionId: string;
  widgetId: string;
  action: string;
  /** The widget as it is now (resolved live), not as it was when the tool was listed. */
  node: ViewNode;
  /** Aborted when the call times out or the session stops. */
  signal: AbortSignal;
  /** How long the call may run before it answers `timeout` (`callTimeoutMs`), when a session runs it. */
  timeoutMs?: number;
  /** The client's `clientInfo`, when known. */
  client?: { name: string; version?: string };
  /**
   * Types into the app as a person would: `data` (one key such as `'\r'` or `'\u001B[B'`, or a piece of
   * text) reaches every active `useInput` handler in its own input event. Resolves once React has
   * committed what the key caused (and its effects ran): await it before the next key, as a person's
   * next keystroke comes after the screen changed. Present when the session renders under Ink.
   */
  input?: (data: string) => Promise<void>;
  /**
   * Ends the HTTP response stream this call's answer will go on, now (SEP-1699 polling): the client
   * reconnects after the server's `retry` interval (1 s) with `Last-Event-ID` and gets the answer then,
   * once. For a long call behind a proxy that drops idle responses. Present only when the client can
   * resume: Streamable HTTP, with a client of protocol 2025-11-25 or later.
   */
  closeStream?: () => void;
  /**
   * Waits until React has committed what the call caused so far (its effects included), then reads
   * the call's widget again: for an action whose effect is indirect (keys typed into the app, a value
   * its parent owns) to check that the effect is there before it answers (`NoEffectError` says it is
   * not). Present when a session runs the call.
   */
  observe?: () => Promise<Observation>;
}

/** The call's widget as it is at one moment of the call (`CallInfo.observe`). */
export interface Observation {
  /**
   * The widget: the first node in view order with the call's widget id and provider, whatever it
   * offers now. Undefined once there is none (the app took it off the screen).
   */
  node: ViewNode | undefined;
  /**
   * The text the widget draws, styles removed: a row box's children side by side, a column box's
   * one per line (an approximation of the layout, not the screen). Undefined when the session cannot
   * tell (a widget declared with `useMcpTools`, a session not rendered by Ink).
   */
  text: string | undefined;
  /**
   * The whole screen as plain text; for a session without one, the text the app draws (read as
   * `text` is). Undefined when neither can be read.
   */
  screen: string | undefined;
  /** Which widget has focus, in words, when the session can tell. */
  focus: string | undefined;
}

export interface Action<S = InputSchema> {
  description?: string | null;
  /**
   * How the list of actions in an answer (stable surface, "Actions now") gives this action after its
   * name and arguments, in a few words, or '' where the name says it all (`clear`). The actions of one
   * widget that give a summary share one line: `box: type_into {text} (replaces the text), clear`.
   * @default the description's first sentence, on a line of its own
   */
  summary?: string;
  inputSchema?: S;
  annotations?: ActionAnnotations;
  /**
   * What `run` returns, as a JSON Schema object schema or a zod object (its output side). Only a tool
   * with one answers `structuredContent`, checked against it. @default none: the value is text only
   */
  outputSchema?: JsonSchemaObject | ZodSchema;
  /** Its return value becomes the tool result (a string as text, anything else as JSON). */
  run(args: ArgsOf<S>, call: CallInfo): unknown;
  /**
   * For a call that needs the person's yes: what it will do, in their words, from the widget as it
   * is when they are asked (`Delete "Buy milk"`, not `{"index":2}`). Shown with the question, and
   * worded again right before the call runs: if the words changed, the call is refused, not run.
   */
  confirmation?(args: ArgsOf<S>, node: ViewNode): string;
}

export type ActionSpec<S = InputSchema> = { name: string } & Action<S>;

/** What makes a node derive tools: its `mcpTools` answers the actions it offers now. */
export interface ToolProvider {
  mcpTools(attrs: Record<string, unknown>, node: ViewNode): ActionSpec[];
  /**
   * The widget is, as it is now, a question only a person may answer (a destructive confirmation):
   * while it is up, an agent's keys are refused (src/walker/person-only.ts).
   */
  personOnly?(attrs: Record<string, unknown>, node: ViewNode): boolean;
}

/**
 * One node of the rendered tree as the walker sees it: the `<type, id, attrs, children>` form.
 * `provider` is the explicit marker; it wins over `typeMap[type]`.
 */
export interface ViewNode {
  type: string;
  id?: string;
  attrs: Record<string, unknown>;
  children: ViewNode[];
  provider?: ToolProvider | null;
}

/**
 * Type name → provider: a plain object (own properties only) or a Map. A Map may also be keyed by
 * component functions; the walker reads only string keys, the snapshot layer resolves the others.
 */
export type TypeMap =
  | { readonly [type: string]: ToolProvider | null | undefined }
  | ReadonlyMap<unknown, ToolProvider | null | undefined>;

export interface WalkContext {
  /** The first segment of every tool name. Must pass `isId`. */
  sessionId: string;
  typeMap?: TypeMap;
  /**
   * `dispatcher`, `view` and `synced` complete the reference's context shape, which callers may pass;
   * the walker ignores them. The hub's dispatcher resolves widgets live and its synchronizer brings
   * tools up to date (docs/internals.md, "Layers and the one-way call path").
   */
  dispatcher?: unknown;
  view?: () => ViewNode | ViewNode[];
  synced?: () => unknown;
  /** Where `deriveTools` logs refusals. @default a logger writing to stderr */
  logger?: Logger;
}

/**
 * Why a spec derives no tool: `not_json` (JSON cannot encode it), `too_large` (deeper than
 * `MAX_DEPTH` or more than `MAX_VALUES` values), `zod3` (a zod 3 schema: zod 4 is needed), two
 * keys of one object that are equal once cleaned, or a description (longer than
 * `MAX_DESCRIPTION_LENGTH`) or schema string or key (longer than `MAX_SCHEMA_STRING_LENGTH`) too long,
 * with its length and its first 40 characters, cleaned (src/walker/limits.ts).
 */
export type SpecFault =
  | 'not_json'
  | 'too_large'
  | 'zod3'
  | { duplicateKey: string }
  | { tooLong: 'description' | 'schema'; length: number; start: string };

/** Why a provider derived less than it declared. Plain data; `describeRefusal` words it. */
export type Refusal =
  | { kind: 'widget_id'; widgetId: unknown }
  | { kind: 'action_name'; widgetId: string; name: unknown }
  | { kind: 'action_spec'; widgetId: string; name: string; fault: SpecFault }
  | { kind: 'provider_error'; widgetId: string; message: string }
  /** An app widget uses the id of a built-in tool (`keyboard`, `screen`, `focus`). */
  | { kind: 'reserved_id'; widgetId: string };

/**
 * The only annotations that reach a client. `sensitive` or `destructiveHint` makes a call need the
 * authorizer; `readOnlyHint` is never set together with either (src/walker/pick-annotations.ts).
 */
export interface ToolAnnotations {
  sensitive?: true;
  destructiveHint?: true;
  /** The tool changes nothing (listed to clients, which may then run it without asking). */
  readOnlyHint?: true;
}

/** A derived tool, as the registry holds it. */
export interface ToolDef {
  /** `sessionId.widgetId.action` */
  name: string;
  description: string | null;
  inputSchema: JsonObject;
  annotations: ToolAnnotations;
  sessionId: string;
  widgetId: string;
  action: string;
  provider: ToolProvider;
  derived: true;
  /** The spec as the provider wrote it (its `run` is the one from the derivation). */
  spec: ActionSpec;
  /** The node the tool was derived from. */
  node: ViewNode;
  /**
   * The listed definition as one string (description, schema, annotations): with `name` and
   * `provider` it is what the synchronizer compares to tell a changed tool from an unchanged one.
   */
  definitionKey: string;
  /** The zod schema when the action declared one: arguments are parsed with it. */
  zod?: ZodSchema;
  /** The cleaned outputSchema, as listed, when the action declared one. */
  outputSchema?: JsonObject;
  /** The zod outputSchema when the action declared one: results are parsed with it. */
  outputZod?: ZodSchema;
}
