import { ChangeBacklog, stallNote } from '../util/change-backlog.js';
import { parseMessage } from './early-answers.js';

/**
 * The launcher's protocol output (its stdout): one message a line, change notifications held while
 * the client does not read (change-backlog.ts), nothing once stdout is gone.
 */
export function clientOutput(gone: () => boolean): (line: string) => void {
  const changes = new ChangeBacklog(process.stdout, {
    onStall: (bytes) => process.stderr.write(`${stallNote(bytes)}\n`),
  });
  return (line) => {
    const write = () => {
      if (!gone()) process.stdout.write(`${line}\n`);
    };
    if (!gone() && !changes.hold(() => parseMessage(line), write)) write();
  };
}
