import { SdkError, SdkErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import type { WireError } from '../wire/events';
import type { Target } from '../wire/target';
import { formatMs } from './calls/call-runner';
import type { ChildWatch } from './child-watch';

/** The SDK's stdio reader gave up on a line longer than `limitBytes`, and closed the transport. */
export function describeReadLimit(limitBytes: number): WireError {
  const mib = limitBytes / (1024 * 1024);
  const size = Number.isInteger(mib) ? `${mib} MiB (${limitBytes} bytes)` : `${limitBytes} bytes`;
  return {
    code: 'transport-closed',
    message: `The server wrote a line longer than ${size}, the most the SDK's stdio reader takes: the inspector closed the connection.`,
    detail: { limitBytes },
  };
}

/**
 * Turn whatever `connect()` threw into a sentence a server author can act on,
 * saying who gave up: the inspector's own timeout and read limit are not the
 * server's doing, even though the server process then exits.
 */
export function describeConnectError(error: unknown, target: Target, child: ChildWatch, connectTimeoutMs: number): WireError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const detail = { message, ...(code !== undefined && { code }), ...(error instanceof SdkError && error.data !== undefined && { data: error.data }) };

  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return {
      code: 'timeout',
      message: `The server did not complete the handshake within ${formatMs(connectTimeoutMs)}, the inspector's connect timeout: the inspector gave up and closed the connection.`,
      detail,
    };
  }
  if (child.readLimitBytes !== undefined) return { ...describeReadLimit(child.readLimitBytes), detail };

  // Below the SDK's wrapping ("Version negotiation probe failed: fetch failed") lies what the network said.
  const network = target.transport === 'stdio' ? undefined : systemCause(error);
  if (network && 'url' in target) return { code: 'connect-failed', message: describeNetworkError(network, target.url), detail };
  // A refused version negotiation: the SDK then closes the server itself, so its exit is the effect, not the cause.
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && !/closed during/.test(message)) {
    return { code: 'connect-failed', message: withRootCause(message, error), detail };
  }
  // The SDK refuses the version the server answered with and closes the transport itself, so the
  // server's exit (or the closed stream) that follows is the effect; the version is the cause.
  const refusedVersion = /protocol version is not supported: (.+)$/i.exec(message)?.[1];
  if (refusedVersion) {
    return {
      code: 'connect-failed',
      message: `The server answered initialize with protocol version ${refusedVersion}, which this client does not speak (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} and 2026-07-28).`,
      detail,
    };
  }
  if (target.transport === 'stdio') {
    if (code === 'ENOENT') {
      return {
        code: 'spawn-failed',
        message: `Could not start "${target.command}": no such command or file${target.cwd ? ` (working directory ${target.cwd})` : ''}.`,
        detail,
      };
    }
    if (code === 'EACCES') return { code: 'spawn-failed', message: `Could not start "${target.command}": permission denied.`, detail };
    if (code === 'ENOTDIR' || (code === 'ENOENT' && target.cwd))
      return { code: 'spawn-failed', message: `Could not start "${target.command}" in ${target.cwd}.`, detail };
    const exit = child.exit;
    if (exit) {
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      return {
        code: 'connect-failed',
        message: `The server process ${how} before the handshake finished.`,
        detail: { ...detail, stderrTail: child.stderrTail() },
      };
    }
  } else {
    const status = httpStatus(error);
    if (status === 401 || status === 403 || /unauthori[sz]ed|401/i.test(message)) {
      return {
        code: 'unauthorized',
        message: `The server refused the connection: HTTP ${status ?? 401}${status === 403 ? ' Forbidden' : ' Unauthorized'}. Check the Authorization header.`,
        detail,
      };
    }
    if (status) return { code: 'connect-failed', message: `The server answered HTTP ${status}: ${message}`, detail };
  }
  if (error instanceof SdkError && /timed out|timeout/i.test(message)) {
    return { code: 'timeout', message: `The server did not complete the handshake in time: ${message}`, detail };
  }
  return { code: 'connect-failed', message: withRootCause(message, error), detail };
}

/** A Node system error (it names its syscall) down the cause chain, as fetch and the SDK wrap it. */
function systemCause(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const { code, syscall } = current as NodeJS.ErrnoException;
    if (typeof code === 'string' && typeof syscall === 'string') return { code, message: current.message };
    current = current.cause;
  }
  return undefined;
}

function describeNetworkError(network: { code: string; message: string }, url: string): string {
  if (network.code === 'ECONNREFUSED') return `Connection refused at ${url} (ECONNREFUSED): nothing is listening there.`;
  if (network.code === 'ENOTFOUND' || network.code === 'EAI_AGAIN') return `Host not found: ${new URL(url).hostname} (${network.code}).`;
  return `Could not reach ${url}: ${network.message}.`;
}

/**
 * The message with the innermost cause's words after it, when they add any: "fetch failed" alone
 * hides what failed. Every reader puts its own "Could not connect" before it, so this says only why.
 */
function withRootCause(message: string, error: unknown): string {
  let root: unknown = error;
  for (let depth = 0; depth < 8 && root instanceof Error && root.cause instanceof Error; depth++) root = root.cause;
  const why = root instanceof Error && root !== error ? root.message : '';
  return why && !message.includes(why) ? `${message} (${why})` : message;
}

function httpStatus(error: unknown): number | undefined {
  const data = (error as { data?: { status?: unknown } }).data;
  if (typeof data?.status === 'number') return data.status;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return status;
  const match = /HTTP (\d{3})/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : undefined;
}

/** Why a connected session's transport closed by itself: the server's exit, the stdio line limit, or the connection. */
export function describeUnexpectedClose(target: Target, child: ChildWatch): WireError {
  const exit = child.exit;
  if (child.readLimitBytes !== undefined) return describeReadLimit(child.readLimitBytes);
  if (target.transport === 'stdio') {
    const how = exit ? (exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`) : 'closed its stdout';
    return { code: 'transport-closed', message: `The server process ${how}.`, detail: { stderrTail: child.stderrTail() } };
  }
  return { code: 'transport-closed', message: 'The connection to the server closed.' };
}
