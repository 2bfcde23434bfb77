import type { RpcError, WireError } from '../../wire/events';

/**
 * Thrown inside a call's run to end it with this outcome and error, as opposed
 * to whatever the SDK threw (which the runner describes itself).
 */
export class CallEnded extends Error {
  constructor(
    readonly outcome: 'error' | 'cancelled',
    readonly wireError: WireError | RpcError,
  ) {
    super(wireError.message);
  }
}
