import type { Transport } from '@modelcontextprotocol/server';

type Message = Parameters<Transport['send']>[0];

export interface TransportTap {
  /** A message the server is about to handle (after the transport's own holding and refusing). */
  received(message: Message): void;
  /** A message the server sends, just before it is written. */
  sent(message: Message): void;
}

/**
 * Watches a transport's traffic without changing it: its `send` and the handler its consumer (the
 * SDK) installs first are wrapped in place, on this instance, so the transport keeps its class and
 * its own methods (the stdio transport's `ready`, `answered`, …). A handler installed later (the
 * stdio transport's own, in `start`, around the consumer's) is left as it is: it delivers to the
 * wrapped one, so each message is seen once, as the server gets it.
 */
export function tapTransport(transport: Transport, tap: TransportTap): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    tap.sent(message);
    return send(message, options);
  };
  let handler = transport.onmessage;
  let wrapped = false;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: Transport['onmessage']) => {
      if (wrapped || next === undefined) {
        handler = next;
        return;
      }
      wrapped = true;
      const inner = next;
      handler = ((message, extra) => {
        tap.received(message);
        inner(message, extra);
      }) as Transport['onmessage'];
    },
  });
}
