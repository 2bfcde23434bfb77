import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { WireFailure } from '../wire/errors';
import { onProxyError } from './errors';

function appThrowing(error: unknown) {
  const app = new Hono();
  app.get('/x', () => {
    throw error;
  });
  app.notFound(() => {
    throw new WireFailure('not-found', 'Not found.');
  });
  app.onError(onProxyError);
  return app;
}

describe('onProxyError', () => {
  it.each([
    ['forbidden', 403],
    ['unauthorized', 401],
    ['not-found', 404],
    ['invalid-file', 400],
    ['conflict', 409],
    ['internal', 500],
  ] as const)('answers a %s failure with HTTP %i and its code and sentence', async (code, status) => {
    const response = await appThrowing(new WireFailure(code, `because ${code}`)).request('/x');
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { code, message: `because ${code}` } });
  });

  it('answers a file over the size limit with 413', async () => {
    const response = await appThrowing(new WireFailure('invalid-file', 'too big', { limitBytes: 10 })).request('/x');
    expect(response.status).toBe(413);
  });

  it('answers an unexpected error with a plain internal 500 and no stack or message from inside', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await appThrowing(new TypeError('secret internals at /home/x')).request('/x');
    // The bug is reported where the proxy's operator sees it, not to the caller.
    expect(stderr).toHaveBeenCalledWith('Unexpected error in an HTTP route:', expect.any(TypeError));
    stderr.mockRestore();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'internal', message: 'The inspector hit an unexpected error.' } });
  });

  it('answers an unknown route through the same handler', async () => {
    const response = await appThrowing(new Error()).request('/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'Not found.' } });
  });
});
