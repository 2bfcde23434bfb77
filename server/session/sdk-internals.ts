/**
 * Everything the session relies on inside @modelcontextprotocol/client 2.4.0
 * beyond its public API, in one place. Each export names the SDK file and the
 * behaviour it leans on (files under node_modules/@modelcontextprotocol/client/dist;
 * chunk names carry a hash), and sdk-internals.test.ts has one test per
 * behaviour against the real SDK, so an upgrade that changes one fails that
 * test by name instead of misbehaving. The rest of server/session calls these
 * functions and touches no underscore field and no transport method.
 */
import { ChildProcess } from 'node:child_process';
import type { Client, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The SDK's stdio transport, subclassed for one reason: to run the 2026-07-28
 * version probe (`server/discover`, protocol Auto or 2026-07-28) on the
 * session's own process.
 *
 * Relies on `readStdioServerParams` (public-*.mjs): the SDK probes on a
 * disposable sibling process only when the transport's prototype owns
 * `_dispose`, that is on the exact, unsubclassed StdioClientTransport. There
 * every Auto connect started the server twice (several hundred ms for a Node
 * server), the probe never reached the log, and whatever the sibling started
 * was orphaned. On a subclass it probes in place, one round trip on the one
 * process, visible to the tap. A server that exits on any request before
 * `initialize` loses its process to the probe; the session starts it again
 * (see Session.open and isProbeClosedServer).
 */
export class SessionStdioTransport extends StdioClientTransport {}

/**
 * The SDK's words for "the probe ran in place and the server's process closed
 * under it": the legacy verdict's message in `negotiateEra` (public-*.mjs). Its
 * type (`SdkError` EraNegotiationFailed) is shared with real negotiation
 * failures, so only the text tells this case apart.
 */
export function isProbeClosedServer(error: unknown): boolean {
  return error instanceof Error && /closed during the server\/discover probe/.test(error.message) && /probed in place/.test(error.message);
}

/**
 * Run `onClose` when the connection closes, before the SDK ends what was still
 * open on it. Relies on Protocol._onclose (src-*.mjs) calling `onclose` first
 * and only then rejecting the client's pending requests ("Connection closed")
 * and aborting the server's requests still being handled, as if the server had
 * cancelled them: `onClose` can still end those with what really happened.
 */
export function onCloseBeforeAborting(client: Client, onClose: () => void): void {
  client.onclose = onClose;
}

/**
 * The stdio server's process. Relies on StdioClientTransport (stdio.mjs)
 * keeping the spawned child in `_process` from `start()` until `close()`; the
 * public `pid` and `stderr` are all it exposes of it, and the session needs its
 * exit code and its `exit` event.
 */
export function stdioChildProcess(transport: StdioClientTransport): ChildProcess | undefined {
  const child: unknown = Reflect.get(transport, '_process');
  return child instanceof ChildProcess ? child : undefined;
}

/**
 * Add a variable to the stdio server's environment. Relies on
 * StdioClientTransport (stdio.mjs) keeping its constructor's parameters in
 * `_serverParams` and reading `env` from them when `start()` spawns. A new env
 * object: the target's is shared. Returns false when the parameters are not there.
 */
export function addSpawnEnv(transport: StdioClientTransport, name: string, value: string): boolean {
  const params: unknown = Reflect.get(transport, '_serverParams');
  if (typeof params !== 'object' || params === null) return false;
  const env: unknown = Reflect.get(params, 'env');
  return Reflect.set(params, 'env', { ...(typeof env === 'object' && env !== null ? env : {}), [name]: value });
}

/**
 * Run `before` ahead of each real start of the transport (it may throw to
 * refuse) and `after` once it has started. Patches the instance, so it holds
 * across the version probe: relies on the probe window (`ProbeWindow.open` and
 * `release`, public-*.mjs) starting the transport through the instance's own
 * `start`, then arming a one-shot pass-through for Protocol.connect's second
 * `start()` that puts this wrapper back, so each process start passes here once.
 */
export function wrapStart(transport: Transport, hooks: { before?: () => void; after?: () => void }): void {
  const start = transport.start.bind(transport);
  transport.start = async () => {
    hooks.before?.();
    await start();
    hooks.after?.();
  };
}

/**
 * Call `onSend` with every message, just before it goes out; what it returns,
 * if anything, goes out instead. Patches the instance rather than wrapping it:
 * the SDK reads `hasPerRequestStream` (Protocol.request, src-*.mjs) and the
 * probe reads `pid`/`stderr` and the prototype (public-*.mjs) from the
 * transport it was given. Relies on Protocol.request calling `send()`
 * synchronously, before `request()` returns, so the caller can read the id of
 * the request it just made; and on it matching the response by id alone, so
 * a replacement with the same id and method is answered like the original.
 */
export function wrapSend(transport: Transport, onSend: (message: JSONRPCMessage) => JSONRPCMessage | void): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(onSend(message) ?? message, options);
}

type OnMessage = NonNullable<Transport['onmessage']>;

/**
 * Sees every message a transport delivers, whoever is listening at the time.
 *
 * A handler set before `connect()` is not enough: relies on the probe window
 * (`ProbeWindow`, public-*.mjs) saving `onmessage`, replacing it with one that
 * does not pass the probe's reply on, and restoring the saved one at detach;
 * and on Protocol.connect (src-*.mjs) chaining the handler it finds. So
 * `onmessage` becomes an accessor on the instance: whatever handler the SDK sets
 * is handed out wrapped, and the wrapper reports each message once before
 * handling it. One message can pass two wrappers (Protocol's chain); the set of
 * messages already reported keeps it to one report. A message `claim` takes
 * (returns true for) is reported but never reaches the SDK's handler.
 */
export function interceptInbound(transport: Transport, onInbound: (message: JSONRPCMessage) => void, claim?: (message: JSONRPCMessage) => boolean): HandOver {
  const reported = new WeakSet<object>();
  // Messages the session answers itself (task requests the SDK has no runtime for): never passed to the SDK.
  const claimed = new WeakSet<object>();
  const wrappers = new WeakMap<OnMessage, OnMessage>();
  const originals = new WeakMap<OnMessage, OnMessage | undefined>();
  let handler: OnMessage | undefined;

  const report = (message: JSONRPCMessage) => {
    if (reported.has(message)) return;
    reported.add(message);
    onInbound(message);
    if (claim?.(message)) claimed.add(message);
  };
  const reportOnly: OnMessage = (message) => report(message);
  originals.set(reportOnly, undefined);

  const wrap = (inner: OnMessage | undefined): OnMessage => {
    if (!inner) return reportOnly;
    let wrapper = wrappers.get(inner);
    if (!wrapper) {
      wrapper = (message, extra) => {
        report(message);
        if (!claimed.has(message)) inner(message, extra);
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
  return (message) => handler?.(message);
}

/** Gives the SDK's current inbound handler a message that is not reported: the tap never logs it, since no server sent it. */
export type HandOver = (message: JSONRPCMessage) => void;

/**
 * End the SDK's wait for the version probe's reply as "no 2026-07-28 here", for a
 * server that answered a ping sent after the probe but never the probe itself.
 * The SDK offers no way to end that wait early but its timeout (half the connect
 * timeout). Relies on the probe window (`ProbeWindow.open`, public-*.mjs)
 * resolving its pending exchange on any JSON-RPC error response that carries
 * the probe's id, and on `classifyProbeOutcome` (same file) taking any error
 * code but -32022 as the legacy verdict, after which `negotiateEra` releases the
 * transport to `initialize`. The error goes to the SDK alone, through `handOver`,
 * never to the log: the server did not send it. Call it only while the probe
 * window is open (the probe unanswered, nothing else sent): once it is released,
 * the handler is Protocol's, which would take the reply as one for an unknown id.
 */
export function endProbeWait(handOver: HandOver, probeId: string | number): void {
  handOver({ jsonrpc: '2.0', id: probeId, error: { code: -32601, message: 'The server answered a ping but not server/discover' } });
}

export type StdoutHandlers = {
  /** A complete stdout line that the SDK's reader dropped because it is not JSON. */
  onText(line: string): void;
  /** The SDK's reader refused more input: a line grew past `limitBytes` without ending. The SDK closes the transport next. */
  onOverLimit(limitBytes: number): void;
};

/** The SDK's stdio `ReadBuffer` (src-*.mjs), as far as watchSkippedStdoutLines relies on it. */
type ReadBuffer = {
  _buffer?: Buffer;
  _maxBufferSize: number;
  append(chunk: Buffer): void;
  readMessage(): unknown;
};

function isReadBuffer(value: unknown): value is ReadBuffer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'append') === 'function' &&
    typeof Reflect.get(value, 'readMessage') === 'function' &&
    typeof Reflect.get(value, '_maxBufferSize') === 'number'
  );
}

/**
 * Sees what the SDK's stdio reader hides: it skips every stdout line that is not
 * JSON without a word (the commonest stdio server bug is a `console.log` on
 * stdout), and it gives up on a line past its size limit with a bare Error.
 *
 * Relies on StdioClientTransport (stdio.mjs) feeding stdout to the ReadBuffer
 * in `_readBuffer`, and on ReadBuffer (src-*.mjs): `append` throws once
 * `_buffer` would outgrow `_maxBufferSize`, and `readMessage` consumes
 * `_buffer` line by line, skipping each line that is not JSON, up to the one it
 * returns or throws on. So every complete line it consumed before that one was
 * skipped, and each message is still parsed once, by the SDK, exactly as
 * before. Returns false when the SDK's internals are not as expected.
 */
export function watchSkippedStdoutLines(transport: StdioClientTransport, handlers: StdoutHandlers): boolean {
  const buffer: unknown = Reflect.get(transport, '_readBuffer');
  if (!isReadBuffer(buffer)) return false;
  const append = buffer.append.bind(buffer);
  buffer.append = (chunk) => {
    try {
      append(chunk);
    } catch (error) {
      handlers.onOverLimit(buffer._maxBufferSize);
      throw error;
    }
  };
  const readMessage = buffer.readMessage.bind(buffer);
  buffer.readMessage = () => {
    const before = buffer._buffer;
    let hasMessageLine = false;
    try {
      const message = readMessage();
      hasMessageLine = message !== null;
      return message;
    } catch (error) {
      hasMessageLine = true; // JSON, but not JSON-RPC: the SDK reports that line itself (onerror)
      throw error;
    } finally {
      if (before) reportSkipped(before, buffer._buffer, hasMessageLine, (line) => handlers.onText(line));
    }
  };
  return true;
}

function reportSkipped(before: Buffer, after: Buffer | undefined, hasMessageLine: boolean, onText: (line: string) => void): void {
  const consumed = before.subarray(0, before.length - (after?.length ?? 0));
  const firstEnd = consumed.indexOf(0x0a);
  // The common case, one message and nothing else: no decoding at all.
  if (firstEnd === -1 || (hasMessageLine && firstEnd === consumed.length - 1)) return;
  const lines = consumed.toString('utf8').split('\n');
  lines.pop(); // after the last newline: nothing (or a partial line the SDK dropped with a cleared buffer)
  if (hasMessageLine) lines.pop();
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (line.trim()) onText(line);
  }
}
