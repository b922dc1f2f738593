// Renders Ink in a second Node process of the same command (a child the first one starts): under
// `ink-mcp --record` only the first process is served and records; the child must not touch the file.
import { render, Text } from 'ink';
import { createElement as h } from 'react';

const app = render(h(Text, null, 'child'));
app.unmount();
await app.waitUntilExit();
