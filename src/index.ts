/**
 * ink-mcp: let an AI agent drive an Ink app through the Model Context Protocol.
 * Explicit named exports only; types are exported separately.
 */
export * from './walker/index.js';
