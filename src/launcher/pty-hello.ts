/**
 * The two lines by which a process that serves a program in a pseudo-terminal of its own
 * (src/register/pty-child.ts) learns that the launcher took its connection, before it starts the
 * program: the launcher takes the first process that connects and closes the others' connections at
 * once, and a program started in a pseudo-terminal nobody serves would wait for keys for ever.
 */
export const PTY_HELLO = '{"ink-mcp":"serve a program in a pseudo-terminal"}';
export const PTY_WELCOME = '{"ink-mcp":"served"}';
