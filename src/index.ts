/**
 * ink-mcp's core: everything the package root exports. It imports nothing outside `src/`; the
 * package root (`../index.ts`) adds the default adapters of `components/` on top.
 * Explicit named exports only; types are exported separately.
 */

// Declaring and binding (React)
export { type McpScreen, McpSession, type McpSessionProps } from './react/McpSession.js';
export type { McpTypeMap } from './react/type-map.js';
export { type McpActions, type UseMcpToolsOptions, useMcpTools } from './react/use-mcp-tools.js';
// The framework-free core
export type {
  AuthorizeDecision,
  AuthorizeRequest,
  Authorizer,
  Confirm,
  ConfirmOptions,
} from './registry/authorize.js';
export type { CallError, CallErrorCode } from './registry/call-error.js';
export type { BreakerOptions } from './registry/circuit-breaker.js';
export { defaultTypeMap, registerDefaultProvider } from './registry/default-type-map.js';
// The walker's derivation with the default type map filled in (the walker holds no registry).
export { deriveTools, deriveWithRefusals } from './registry/public-derive.js';
// Serving
export { type McpApp, type RenderMcpOptions, renderMcp } from './render/render-mcp.js';
export type { RasterizerLoader, RasterizeSvg, ScreenshotOptions } from './screen/png-rasterizer.js';
export type {
  HttpEndpoint,
  ListenOptions,
  McpServerHandle,
  McpServerOptions,
  NameStyle,
  ServerToolInput,
  TreeNodeJson,
} from './server/index.js';
export { createMcpServer } from './server/index.js';
export { Confirmer, type ConfirmerOptions, type PendingConfirmation } from './session/confirmer.js';
export { type CallAnswer, type CallContext, Hub, type HubOptions } from './session/hub.js';
export { Session, type SessionOptions } from './session/session.js';
export type { SessionHost } from './session/session-host.js';
export type { ViewSource } from './session/view-source.js';
export type { Logger } from './util/logger.js';
export type { SecretNames } from './util/secret-names.js';
// The walker (pure)
export { ActionError, isActionError } from './walker/action-error.js';
export { type CachedCleanSpecResult, type CleanSpecResult, cleanSpec } from './walker/clean-spec.js';
export type { Derivation } from './walker/derive.js';
export { describeRefusal } from './walker/describe-refusal.js';
export {
  isActionName,
  isId,
  isWidgetUnavailable,
  type WidgetUnavailable,
  type WidgetUnavailableWhy,
} from './walker/ids.js';
export { isNoEffectError, NoEffectError } from './walker/no-effect-error.js';
export type {
  Action,
  ActionAnnotations,
  ActionSpec,
  ArgsOf,
  CallInfo,
  InputSchema,
  JsonObject,
  JsonSchemaObject,
  JsonValue,
  Observation,
  Refusal,
  SpecFault,
  ToolAnnotations,
  ToolDef,
  ToolProvider,
  TypeMap,
  ViewNode,
  WalkContext,
  ZodSchema,
} from './walker/types.js';
