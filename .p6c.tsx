import { createElement } from 'react';
import { renderHeadless } from './src/testing/index.js';
import { App } from './examples/todo/App.js';
const app = await renderHeadless(createElement(App), { session: 'todo' });
const seq: [string, any][] = [['todo.todos.add_item', { text: 'a' }], ['todo.todos.add_item', { text: 'b' }], ['todo.todos.toggle', { index: 1 }], ['todo.filter.select_tab', { label: 'done' }], ['todo.todos.list', {}], ['todo.todos.list', {}], ['todo.filter.select_tab', { label: 'all' }], ['todo.todos.list', {}]];
for (const [name, args] of seq) { const t = performance.now(); const r = await app.client.callTool({ name, arguments: args }); console.log(name, (performance.now() - t).toFixed(1), r.isError ? 'ERR' : ''); }
await app.unmount();
process.exit(0);
