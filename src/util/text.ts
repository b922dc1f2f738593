/** Text that came from elsewhere (a handler's error, a caller's name) cut to `max` characters, marked `…`. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The message of anything thrown, without ever throwing itself (a hostile `toString` or `message` included). */
export function errorText(error: unknown): string {
  try {
    // String() again: `message` can be overwritten with anything, including an unprintable object.
    if (error instanceof Error) return String(error.message) || error.name;
    return String(error);
  } catch {
    return 'an unprintable value was thrown';
  }
}
