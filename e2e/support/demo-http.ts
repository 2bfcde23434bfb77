/**
 * The kit's test with `demoHttp`: the demo server over Streamable HTTP, one per worker,
 * for specs that run the same flows over stdio and HTTP.
 */
import { test as base } from 'elicitation-inspector/playwright';
import { startDemoHttp } from './processes';

export const withDemoHttp = base.extend<{}, { demoHttp: { url: string } }>({
  demoHttp: [
    async ({}, use) => {
      const server = await startDemoHttp();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});
