import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

type OnMessage = NonNullable<Transport['onmessage']>;

/**
 * Sees every message a transport delivers, whoever is listening at the time.
 *
 * A handler set on the transport before `connect()` is not enough: during the
 * SDK's version probe its probe window replaces `onmessage` and does not pass
 * the probe's reply on, so that reply would never be logged. Instead,
 * `onmessage` becomes an accessor on the instance: whatever handler the SDK
 * sets (the probe window's, Protocol's chain) is handed out wrapped, and the
 * wrapper reports each message once before handling it. Protocol.connect chains
 * the handler it finds, so one message can pass two wrappers; the set of
 * messages already reported keeps it to one report.
 */
export function tapInbound(transport: Transport, onInbound: (message: JSONRPCMessage) => void): void {
  const reported = new WeakSet<object>();
  const wrappers = new WeakMap<OnMessage, OnMessage>();
  const originals = new WeakMap<OnMessage, OnMessage | undefined>();
  let handler: OnMessage | undefined;

  const report = (message: JSONRPCMessage) => {
    if (reported.has(message)) return;
    reported.add(message);
    onInbound(message);
  };
  const reportOnly: OnMessage = (message) => report(message);
  originals.set(reportOnly, undefined);

  const wrap = (inner: OnMessage | undefined): OnMessage => {
    if (!inner) return reportOnly;
    let wrapper = wrappers.get(inner);
    if (!wrapper) {
      wrapper = (message, extra) => {
        report(message);
        inner(message, extra);
      };
      wrappers.set(inner, wrapper);
      originals.set(wrapper, inner);
    }
    return wrapper;
  };

  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => wrap(handler),
    // The probe window restores the handler it saved, which is one of our wrappers: unwrap it rather than wrap twice.
    set: (next: OnMessage | undefined) => {
      handler = next && originals.has(next) ? originals.get(next) : next;
    },
  });
}
