/**
 * How a process ended, in the words answers use: `exit code 3`, or `signal 9` for one killed by a
 * signal (reported as 128 + n, as a shell does).
 */
export function exitWords(code: number): string {
  return code > 128 && code < 160 ? `signal ${code - 128}` : `exit code ${code}`;
}
