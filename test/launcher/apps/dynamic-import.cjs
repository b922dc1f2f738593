// A CommonJS app. Ink 6+ is ESM with top-level await, so CommonJS code loads it with import().
async function main() {
  const { render, Text } = await import('ink');
  const { createElement: h } = require('react');
  render(h(Text, null, 'hello from CommonJS'));
}
main();
