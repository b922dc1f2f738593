// The launcher from source (`node --import tsx test/watch/ink-mcp-bin.ts <args…>`), as bin/ink-mcp.js runs it built.
import { main } from '../../src/launcher/cli.js';

await main(process.argv.slice(2));
