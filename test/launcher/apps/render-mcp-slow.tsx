// An app that serves itself with renderMcp over stdio, with a slow tool and one that leaves a trace.
// `slow.job.wait` says it started (a file), then finishes when a file appears; `slow.job.mark`
// writes a file, so a test can tell whether it ran. The directory is INK_MCP_TEST_DIR.
// With INK_MCP_TEST_OWN_SIGTERM=1 the app listens for SIGTERM itself.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Text } from 'ink';
import { renderMcp, useMcpTools } from '../../../src/index.js';

const dir = process.env.INK_MCP_TEST_DIR ?? '.';

function Slow() {
  useMcpTools('job', {
    wait: {
      run: async () => {
        writeFileSync(join(dir, 'started'), '');
        await new Promise<void>((resolve) => {
          const poll = setInterval(() => {
            if (!existsSync(join(dir, 'release'))) return;
            clearInterval(poll);
            resolve();
          }, 20);
        });
        return 'waited';
      },
    },
    mark: {
      run: () => {
        writeFileSync(join(dir, 'marked'), '');
        return 'marked';
      },
    },
  });
  return <Text>slow app</Text>;
}

// An app that handles SIGTERM itself keeps it: it only notes it heard it.
if (process.env.INK_MCP_TEST_OWN_SIGTERM === '1')
  process.on('SIGTERM', () => writeFileSync(join(dir, 'heard'), ''));

const app = await renderMcp(<Slow />, { session: 'slow', transport: 'stdio' });
await app.waitUntilExit();
