/**
 * The suite's test connected to server-everything over Streamable HTTP (the worker's one,
 * e2e/support/test.ts): each test's inspector started with `args` and then `--url` to it.
 */
import { test } from './test';

export function overEverythingHttp(args: string[] = []) {
  return test.extend({ inspectorArgs: async ({ everythingHttp }, use) => use([...args, '--url', everythingHttp.url]) });
}
