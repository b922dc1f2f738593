// An app that loads Ink (so its process reaches the launcher's socket) and exits at once with code 3,
// saying why on stderr: what a bad configuration file does (test/launcher/refusals.test.ts).
import 'ink';

console.error('boom: config file missing');
process.exit(3);
