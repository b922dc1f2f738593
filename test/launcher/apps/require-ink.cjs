// A CommonJS app as older projects and CommonJS builds write it: Ink loaded with require().
const { render, Text } = require('ink');
const { createElement: h } = require('react');

render(h(Text, null, 'hello from require'));
