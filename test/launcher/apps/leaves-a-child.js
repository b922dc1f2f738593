// An Ink app that starts a helper of its own (a watcher, a language server) and never stops it: the
// helper says its pid on stderr and runs until it is signalled (test/launcher/wrappers.test.ts).
import { spawn } from 'node:child_process';
import { render, Text } from 'ink';
import { createElement as h } from 'react';

spawn(process.execPath, ['-e', "console.error('helper pid ' + process.pid); setInterval(() => {}, 1000);"], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
render(h(Text, null, 'app with a helper'));
