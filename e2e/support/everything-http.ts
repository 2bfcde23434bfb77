/**
 * The kit's test, connected to server-everything over Streamable HTTP: one server per
 * worker (forced onto 127.0.0.1, stopped by its pid), each test's inspector started
 * with `args` and then `--url` to it.
 */
import { test } from 'elicitation-inspector/playwright';
import { startEverything } from './processes';

export function overEverythingHttp(args: string[] = []) {
  return test.extend<{}, { everythingHttp: { url: string } }>({
    everythingHttp: [
      async ({}, use) => {
        const server = await startEverything('streamableHttp');
        await use(server);
        await server.stop();
      },
      { scope: 'worker' },
    ],
    inspectorArgs: async ({ everythingHttp }, use) => use([...args, '--url', everythingHttp.url]),
  });
}
