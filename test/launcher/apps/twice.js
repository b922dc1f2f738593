// An app that calls render twice, both live at once: two sessions, `app` and `app_2`.
import { render, Text } from 'ink';
import { createElement as h } from 'react';

render(h(Text, null, 'first screen'));
render(h(Text, null, 'second screen'));
