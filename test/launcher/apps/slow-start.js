// An app that takes a while before it even imports Ink (a slow start, as under npx tsx on a busy
// machine). It says on stderr when it goes on, so a test can tell what was answered before.
await new Promise((resolve) => setTimeout(resolve, 1500));
process.stderr.write('slow-start: importing ink now\n');
await import('./chat.js');
