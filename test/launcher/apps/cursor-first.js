// A CLI that moves the cursor through its stdout's own methods before Ink starts, as progress lines
// and spinners do (`cursorTo`, `clearLine`, `moveCursor`: tty.WriteStream has them).
import { render, Text } from 'ink';
import { createElement as h } from 'react';

process.stdout.write('checking for updates…');
process.stdout.cursorTo(0);
process.stdout.clearLine(0);
process.stdout.moveCursor(0, 0);
render(h(Text, null, 'cursor moved, then rendered'));
