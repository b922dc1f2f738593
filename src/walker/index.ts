export { type CleanSpecResult, cleanSpec } from './clean-spec.js';
export { type Derivation, deriveTools, deriveWithRefusals } from './derive.js';
export { describeRefusal, describeRefusedSessionId } from './describe-refusal.js';
export {
  isActionName,
  isId,
  isWidgetUnavailable,
  type WidgetUnavailable,
  type WidgetUnavailableWhy,
} from './ids.js';
export { stderrLogger } from './logger.js';
export { defaultTypeMap } from './type-map.js';
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
  Logger,
  Refusal,
  SpecFault,
  ToolAnnotations,
  ToolDef,
  ToolProvider,
  TypeMap,
  ViewNode,
  WalkContext,
  ZodSchema,
} from './types.js';
