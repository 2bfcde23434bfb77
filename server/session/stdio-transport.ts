import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The SDK's stdio transport, subclassed for one reason: to run the 2026-07-28
 * version probe (`server/discover`, protocol Auto or 2026-07-28) on the
 * session's own process.
 *
 * On its exact, unsubclassed StdioClientTransport the SDK probes on a
 * disposable copy of the server (it checks that the transport's prototype owns
 * `_dispose`), and only then starts the real one: every Auto connect started
 * the server twice, which cost a whole process start (several hundred ms for a
 * Node server) over a pinned revision, and the probe never reached the log. On a
 * subclass it probes in place, one round trip on the one process, visible to
 * the tap. The servers tried answer the probe (2026-07-28), refuse it with an
 * error (v1 and v2 SDKs, server-everything, hand-written 2025 servers) or ignore
 * it until the probe times out, and then take `initialize` on the same process.
 * A server that exits on any request before `initialize` loses its process to
 * the probe; the session starts it again (see Session.open).
 */
export class SessionStdioTransport extends StdioClientTransport {}

/** The SDK's words for "the probe ran in place and the server's process closed under it". */
export function isProbeClosedServer(error: unknown): boolean {
  return error instanceof Error && /closed during the server\/discover probe/.test(error.message) && /probed in place/.test(error.message);
}
