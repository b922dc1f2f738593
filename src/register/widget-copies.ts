/**
 * The copies of widget libraries the app loaded (src/register/hooks.ts tells each one as it loads),
 * held until the adapters can take them: they load at the app's first render (serve.ts), and a
 * copy loads before that, with the app's own modules.
 */
export class WidgetCopies {
  #queued: Array<[string, object]> = [];
  #adapt: ((library: string, module: object) => void) | undefined;

  add(library: string, module: object): void {
    if (this.#adapt) this.#adapt(library, module);
    else this.#queued.push([library, module]);
  }

  /** Adapts the copies loaded so far, and each one loaded from now on as it comes. */
  adaptWith(adapt: (library: string, module: object) => void): void {
    this.#adapt = adapt;
    for (const [library, module] of this.#queued.splice(0)) adapt(library, module);
  }
}
