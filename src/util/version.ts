/**
 * ink-mcp's version as servers report it (`serverInfo.version`) and its name: the one place besides
 * package.json's `version` and CHANGELOG.md's latest release heading, which test/package-root.test.ts
 * checks all agree.
 */
export const SERVER_NAME = 'ink-mcp';
export const VERSION = '0.2.0';
