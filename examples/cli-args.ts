import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * An example's command line, parsed strictly. `config.options` must include `help` (a boolean):
 * `--help` prints `usage` and exits 0; an unknown flag, a stray argument or a missing value prints
 * what was wrong and the usage on stderr and exits 2 (the usual code for a usage error), instead of
 * a stack trace.
 */
export function parseCli<const T extends ParseArgsConfig>(
  name: string,
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>>['values'] {
  let values: ReturnType<typeof parseArgs<T>>['values'];
  try {
    values = parseArgs({ strict: true, ...config }).values;
  } catch (error) {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  return values;
}
