import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toWireError, WireFailure } from '../wire/errors';
import type { WireError, WireErrorCode } from '../wire/events';

const STATUS: Partial<Record<WireErrorCode, ContentfulStatusCode>> = {
  forbidden: 403,
  unauthorized: 401,
  'not-found': 404,
  'invalid-command': 400,
  'invalid-file': 400,
  'validation-failed': 400,
  conflict: 409,
  timeout: 504,
};

/** The HTTP status for an error: by its code; a file over the size limit is 413. */
export function httpStatusOf(error: WireError): ContentfulStatusCode {
  if (error.code === 'invalid-file' && typeof error.detail === 'object' && error.detail !== null && 'limitBytes' in error.detail) return 413;
  return STATUS[error.code] ?? 500;
}

/**
 * The HTTP app's one error handler: a WireFailure answers with its code and
 * sentence; anything else is an `internal` 500, logged on the proxy's stderr
 * (it is a bug), never with a stack in the reply.
 */
export const onProxyError: ErrorHandler = function onProxyError(error, c) {
  if (!(error instanceof WireFailure)) console.error('Unexpected error in an HTTP route:', error);
  const wireError = error instanceof WireFailure ? error.wireError : { ...toWireError(error), message: 'The inspector hit an unexpected error.' };
  return c.json({ error: wireError }, httpStatusOf(wireError));
};
