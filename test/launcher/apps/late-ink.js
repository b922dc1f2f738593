// A CLI that loads Ink late, inside main(), after a slow start of its own (LATE_START_MS, 10 s by
// default), as CLIs that import their UI lazily do.
async function main() {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.LATE_START_MS ?? 10_000)));
  const [{ render, Text, useInput }, { createElement: h, useState }] = await Promise.all([
    import('ink'),
    import('react'),
  ]);
  function App() {
    const [typed, setTyped] = useState('');
    useInput((input) => setTyped((t) => t + input));
    return h(Text, null, `late app, typed: ${typed}`);
  }
  render(h(App));
}
await main();
