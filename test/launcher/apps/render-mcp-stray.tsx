// An app that serves itself with renderMcp over stdio, and writes to its stdout every way Node allows
// while a call runs.
import { Text } from 'ink';
import { useState } from 'react';
import { renderMcp, useMcpTools } from '../../../src/index.js';
import { fd1Said, strayWrites } from './stray-writes-lib.js';

function Stray() {
  const [said, setSaid] = useState('nothing yet');
  useMcpTools('stray', {
    write: {
      run: async () => {
        const done = await strayWrites();
        setSaid(done);
        return done;
      },
    },
    ping: { run: () => `pong; ${fd1Said()}` },
  });
  return <Text>{said}</Text>;
}

const app = await renderMcp(<Stray />, { session: 'stray', transport: 'stdio' });
await app.waitUntilExit();
