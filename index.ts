/**
 * ink-mcp, the package root: let an AI agent drive an Ink app through the Model Context Protocol.
 *
 * It is the core (`src/`) plus the default type map's adapters (`components/adapters`), which
 * register ink-text-input, ink-select-input and @inkjs/ui components when those packages resolve, so
 * apps that render them get an agent surface with no change. The core itself never imports
 * `components/` (test/layers.test.ts): the adapters use only its public API, like any user.
 * @module ink-mcp
 */
import './components/adapters/index.js';

export * from './src/index.js';
