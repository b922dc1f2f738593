// An unchanged app that handles Ctrl+C itself (it reads no keys, so Ctrl+C is a real SIGINT): it
// says so on stderr, saves for a moment, and exits 0. It must hear the signal once, as it would
// without ink-mcp.
import { render, Text } from 'ink';
import { createElement as h } from 'react';

let heard = 0;
process.on('SIGINT', () => {
  heard += 1;
  process.stderr.write(`saving (SIGINT ${heard})\n`);
  setTimeout(() => process.exit(0), 500);
});
// Keeps the app alive until it is told to stop, as a real one's work would.
setInterval(() => {}, 1000);

render(h(Text, null, 'editing; Ctrl+C saves and quits'));
