/**
 * The kit's test with an OAuth-protected MCP server (e2e/targets/oauth-server.ts,
 * with a consent page to approve): one per worker, stopped by its pid.
 */
import { test } from 'elicitation-inspector/playwright';
import { startHttpTarget } from './processes';

export const withOAuthServer = test.extend<{}, { oauthServer: { url: string } }>({
  oauthServer: [
    async ({}, use) => {
      const server = await startHttpTarget('oauth-server', '--consent');
      await use({ url: `http://127.0.0.1:${server.port}/mcp` });
      await server.stop();
    },
    { scope: 'worker' },
  ],
});
