// A CLI that loads Ink late, inside main(), after a slow start of its own (LATE_START_MS, 10 s by
// default), as CLIs that import their UI lazily do.
let ink;
let react;

function App() {
  const [typed, setTyped] = react.useState('');
  ink.useInput((input) => setTyped((t) => t + input));
  return react.createElement(ink.Text, null, `late app, typed: ${typed}`);
}

async function main() {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.LATE_START_MS ?? 10_000)));
  [ink, react] = await Promise.all([import('ink'), import('react')]);
  ink.render(react.createElement(App));
}

await main();
