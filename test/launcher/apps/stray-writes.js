// A plain Ink app (no ink-mcp code) that writes to its stdout every way Node allows before it renders.
import { render, Text } from 'ink';
import { createElement as h } from 'react';
import { fd1Said, strayWrites } from './stray-writes-lib.js';

const said = await strayWrites();
render(h(Text, null, `${said}; ${fd1Said()}`));
