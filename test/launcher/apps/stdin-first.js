// An app that reads stdin before Ink starts, as CLIs that ask for an API key do (issue #41, item 1):
// `readline` (a prompt), `data` (`process.stdin.on('data')` + `resume()`, cooked) or `raw` (raw mode
// on, one key). In a terminal it waits for the person; once answered, it renders with Ink.
import { createInterface } from 'node:readline';

const how = process.argv[2] ?? 'readline';

function answer() {
  return new Promise((resolve) => {
    if (how === 'readline') {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      rl.question('API key: ', (key) => {
        rl.close();
        resolve(key);
      });
      return;
    }
    process.stdout.write(how === 'raw' ? 'Press a key to start: ' : 'Type a name, then Enter: ');
    if (how === 'raw') process.stdin.setRawMode(true);
    let got = '';
    const onData = (chunk) => {
      got += chunk.toString();
      if (how === 'data' && !got.includes('\r') && !got.includes('\n')) return;
      process.stdin.off('data', onData);
      process.stdin.pause();
      if (how === 'raw') process.stdin.setRawMode(false);
      resolve(got.trim());
    };
    process.stdin.on('data', onData);
    process.stdin.resume();
  });
}

const got = await answer();
process.stdout.write('\n');
const [{ render, Text }, { createElement: h }] = await Promise.all([import('ink'), import('react')]);
const { waitUntilExit } = render(h(Text, null, `answered ${how}: ${got.length} characters`));
setTimeout(() => process.exit(0), 60_000).unref();
await waitUntilExit();
