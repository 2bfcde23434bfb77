import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWithoutPerson, HeadlessSignInError } from './headless-approve';

const REDIRECT_URI = 'http://127.0.0.1/oauth/callback';
let server: Server;
let origin = '';

beforeAll(async () => {
  // An authorization server in three lines: /auto approves at once (through one more hop), /login shows a page.
  server = createServer((req, res) => {
    if (req.url === '/auto') return void res.writeHead(302, { location: '/hop' }).end();
    if (req.url === '/hop') return void res.writeHead(302, { location: `http://127.0.0.1:9/oauth/callback?code=abc&state=xyz` }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<form>Log in</form>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a sign-in without a person', () => {
  it('follows redirects to the loopback redirect URI (any port) and returns its query', async () => {
    const params = await approveWithoutPerson(new URL(`${origin}/auto`), REDIRECT_URI, fetch);
    expect(Object.fromEntries(params)).toEqual({ code: 'abc', state: 'xyz' });
  });

  it('a login page ends it with a sentence saying a person is needed', async () => {
    const attempt = approveWithoutPerson(new URL(`${origin}/login`), REDIRECT_URI, fetch);
    await expect(attempt).rejects.toBeInstanceOf(HeadlessSignInError);
    await expect(attempt).rejects.toThrow(/a page \(a login or consent screen\).*cannot sign in there/);
  });
});
