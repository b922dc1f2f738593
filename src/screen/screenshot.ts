/**
 * A call's value that is a picture of the screen (`screen.screenshot`): its answer carries the text
 * (the screen as `screen.read` shows it, for a model that cannot see images) and the PNG as an image,
 * in place of the "Screen after the call" section every other answer carries.
 */
export class Screenshot {
  constructor(
    readonly text: string,
    readonly png: Uint8Array,
    /** In pixels. */
    readonly width: number,
    readonly height: number,
  ) {}
}
