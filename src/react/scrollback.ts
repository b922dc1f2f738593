/**
 * What a terminal keeps above an app's live frame: `<Static>` output and the app's console output,
 * in the order they were written, as written (with their escape sequences: their styles are read
 * too). A person's scrollback is finite as well: beyond `MAX_LINES` the oldest lines go.
 */
export class Scrollback {
  #lines: string[] = [];

  /** Adds `text` as whole lines (one line break at its end is the last line's own). */
  add(text: string): void {
    if (text === '') return;
    this.#lines.push(...text.replace(/\r?\n$/, '').split(/\r?\n/));
    if (this.#lines.length > MAX_LINES) this.#lines = this.#lines.slice(-MAX_LINES);
  }

  /** The lines kept, oldest first. */
  lines(): readonly string[] {
    return this.#lines;
  }
}

/** Lines kept above the frame. */
export const MAX_LINES = 5_000;
