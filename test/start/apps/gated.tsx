// An app served with startMcp whose code loads only when the test says so (SIGUSR2): whatever is
// answered before that is answered without the app. `--fail`: the app's code fails to load.
import { once } from 'node:events';
import { startMcp } from '../../../src/start/index.js';

const app = await startMcp(
  async () => {
    const signal = once(process, 'SIGUSR2');
    // Stands for the pending I/O of a real import, which keeps the process alive while it loads.
    const loading = setInterval(() => {}, 1_000);
    process.stderr.write('gated: waiting\n');
    await signal;
    clearInterval(loading);
    if (process.argv.includes('--fail')) throw new Error('the app module is broken');
    const { Counter } = await import('./counter.js');
    return <Counter />;
  },
  { session: 'gated', transport: 'stdio', name: 'gated-app', version: '9.9.9' },
).catch((error: unknown) => {
  process.stderr.write(`gated: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
await app.waitUntilExit();
process.stderr.write('gated: exited\n');
