/**
 * `ink-mcp/testing`: render an app headless and drive it with a real MCP client.
 * @module ink-mcp/testing
 */
export {
  createMemoryTerminal,
  type MemoryStdin,
  type MemoryTerminal,
  stripAnsi,
} from '../react/memory-terminal.js';
export { type HeadlessApp, type RenderHeadlessOptions, renderHeadless } from './render-headless.js';
