import type { WireError, WireErrorCode } from './events';

/**
 * The one error type that crosses the wire, on both sides: the proxy throws it
 * (commands, routes, sessions) and the page rejects with it. It carries a
 * `WireError`: a stable code, a sentence for people, and what the cause held.
 */
export class WireFailure extends Error {
  readonly wireError: WireError;

  constructor(code: WireErrorCode, message: string, detail?: unknown) {
    super(message);
    this.name = 'WireFailure';
    this.wireError = { code, message, ...(detail !== undefined && { detail }) };
  }

  static from(wireError: WireError): WireFailure {
    return new WireFailure(wireError.code, wireError.message, wireError.detail);
  }
}

/** Anything thrown, as a WireError: a WireFailure keeps its own; anything else is `internal`, with its message. */
export function toWireError(error: unknown): WireError {
  if (error instanceof WireFailure) return error.wireError;
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
