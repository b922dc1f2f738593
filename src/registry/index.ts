export type {
  AuthorizeContext,
  AuthorizeDecision,
  AuthorizeRequest,
  AuthorizeResult,
  Authorizer,
  Confirm,
} from './authorize.js';
export { authorizeCall, needsAuthorization } from './authorize.js';
export type {
  ArgumentIssue,
  CallError,
  CallErrorCode,
  CallErrorFacts,
  CallErrorOf,
  DenyReason,
  WidgetUnavailableWhy,
} from './call-error.js';
export {
  brokenSchema,
  circuitOpen,
  denied,
  errorText,
  handlerError,
  invalidArguments,
  isCallError,
  sessionNotRunning,
  timedOut,
  unknownTool,
  widgetUnavailable,
} from './call-error.js';
export type {
  Admission,
  BreakerOptions,
  BreakerState,
  BreakerTicket,
  CallOutcome,
} from './circuit-breaker.js';
export { CircuitBreakers, outcomeOf } from './circuit-breaker.js';
export type {
  RegisteredTool,
  RegistryChange,
  RegistryOptions,
  StaticCallInfo,
  StaticTool,
  StaticToolInput,
  ToolDiff,
} from './registry.js';
export { Registry } from './registry.js';
export type { CompiledSchema, SchemaCacheOptions } from './schema-cache.js';
export { SchemaCache } from './schema-cache.js';
export type { Listener } from './subscribable.js';
export { Subscribable } from './subscribable.js';
export type { ArgsResult, ValidatableTool } from './validate-args.js';
export { ArgsValidator, validateArgs } from './validate-args.js';
