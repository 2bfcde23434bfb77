/**
 * The suite's `test`: the kit's, with every server that a spec keeps for a worker's tests
 * registered once, here: server-everything and the demo over Streamable HTTP, the server
 * that checks a header, the OAuth server. Playwright runs a test in a worker whose worker
 * fixtures are the same as its own; when specs extended the kit's test each with their own,
 * a worker (its process, its browser, its shared inspector) was ended and another started at
 * 19 of a run's spec boundaries. A fixture here starts only when a test asks for it.
 */
import { test as kit } from 'elicitation-inspector/playwright';
import { startDemoHttp, startEverything, startHttpTarget } from './processes';

type SuiteServers = {
  /** server-everything over Streamable HTTP (e2e/support/everything-http.ts). */
  everythingHttp: { url: string };
  /** The demo server over Streamable HTTP, both eras on one endpoint. */
  demoHttp: { url: string };
  /** e2e/targets/http-auth.ts: answers only a request with `Authorization: Bearer secret-token`. */
  authServer: { port: number };
  /** e2e/targets/oauth-server.ts, with a consent page to approve. */
  oauthServer: { url: string };
};

export const test = kit.extend<{}, SuiteServers>({
  everythingHttp: [
    async ({}, use) => {
      const server = await startEverything('streamableHttp');
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker' },
  ],
  demoHttp: [
    async ({}, use) => {
      const server = await startDemoHttp();
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker' },
  ],
  authServer: [
    async ({}, use) => {
      const server = await startHttpTarget('http-auth');
      await use({ port: server.port });
      await server.stop();
    },
    { scope: 'worker' },
  ],
  oauthServer: [
    async ({}, use) => {
      const server = await startHttpTarget('oauth-server', '--consent');
      await use({ url: `http://127.0.0.1:${server.port}/mcp` });
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from 'elicitation-inspector/playwright';
