#!/usr/bin/env node
// The `ink-mcp` launcher (src/launcher/cli.ts, built into dist/).
import { main } from '../dist/src/launcher/cli.js';

await main(process.argv.slice(2));
