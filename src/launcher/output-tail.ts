import { cleanScreenText } from '../walker/clean-text.js';

/** How much of the app's last output (or screen) a refusal quotes. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2_000;

/** The last lines of `text`, cleaned as screens are (they go into an answer a model reads). */
export function lastLines(text: string): string {
  const lines = cleanScreenText(text)
    .split('\n')
    .filter((line) => line !== '');
  return lines.slice(-TAIL_LINES).join('\n').slice(-TAIL_CHARS);
}

/** The last lines of the app's output, as it comes (only the end of it is kept). */
export class OutputTail {
  #text = '';

  add(chunk: string): void {
    this.#text = (this.#text + chunk).slice(-4 * TAIL_CHARS);
  }

  text(): string {
    return lastLines(this.#text);
  }
}
