/**
 * S3 and LIST: what an agent's steps cost a model in characters, on the todo example as served by
 * default (the stable surface, one block per answer), through a real SDK client in memory
 * (`renderHeadless`: the same server code as over stdio).
 *
 * - `LIST`: characters of the tool list's JSON (`JSON.stringify` of the `tools/list` answer's tools),
 *   what a client hands a model with every request (goal ≤ 2,500).
 * - `S3`: over the 12-step session of bench/todo-session.ts, the characters of every answer's text
 *   ÷ the characters of the screen after each step (Ink's frame as plain text: what a pseudo-terminal
 *   driver would have read). 1.0 would be answers that are the screen alone (goal ≤ 2.0).
 * Each step's screen is checked, so a step that did nothing fails the bench.
 *
 *   NODE_ENV=production node --import tsx bench/answers.bench.tsx [--quick]
 */
import { App } from '../examples/todo/App.js';
import { renderHeadless } from '../src/testing/render-headless.js';
import { silentLogger } from './fixtures/apps.js';
import { figure, note, warnIfDevelopment } from './stats.js';
import { callOk, TODO_SESSION, todoCalls } from './todo-session.js';

warnIfDevelopment();

const app = await renderHeadless(<App />, { session: 'todo', logger: silentLogger });
try {
  const { tools } = await app.client.listTools();
  const listChars = JSON.stringify(tools).length;
  const calls = todoCalls(tools);
  let answers = 0;
  let screens = 0;
  const perStep: string[] = [];
  for (const step of TODO_SESSION) {
    const text = await callOk(app.client, step.call(calls));
    const screen = app.lastFrame();
    if (!step.shows.test(screen))
      throw new Error(`step "${step.what}": the screen does not show ${step.shows}:\n${screen}`);
    answers += text.length;
    screens += screen.length;
    perStep.push(`${text.length}/${screen.length}`);
  }
  note(`${tools.length} tools listed: ${tools.map((t) => t.name).join(', ')}`);
  figure('LIST', listChars, 0);
  note(
    `${TODO_SESSION.length} steps: ${answers} characters of answers, ${screens} of screens (per step, answer/screen: ${perStep.join(' ')})`,
  );
  figure('S3', answers / screens, 2);
} finally {
  await app.unmount();
}
