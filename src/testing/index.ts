/**
 * `ink-mcp/testing`: render an app headless and drive it with a real MCP client; replay and check
 * an agent's recorded session.
 * @module ink-mcp/testing
 */
export {
  createMemoryTerminal,
  type MemoryStdin,
  type MemoryTerminal,
  stripAnsi,
} from '../react/memory-terminal.js';
export { type CastEvent, type CastHeader, parseCast } from '../util/asciicast.js';
export { maskVolatile } from '../util/mask-volatile.js';
export {
  parseRecording,
  type RecordedCall,
  type Recording,
  type RecordingHeader,
} from '../util/recording.js';
export { exportTest } from './export-test.js';
export {
  type CallOptions,
  type HeadlessProcess,
  type LaunchHeadlessOptions,
  launchHeadless,
} from './launch-headless.js';
export { type HeadlessApp, type RenderHeadlessOptions, renderHeadless } from './render-headless.js';
export { type ReplayDifference, type ReplayResult, replayRecording } from './replay.js';
export { type MatcherResult, normalizeScreen, screenMatchers } from './screen-matchers.js';
