/**
 * Lets the MCP conformance suite (0.2.x) run on Node 20, the project's floor.
 * The suite's bundle imports `globSync` from `fs` (Node 22+) for its `tier-check`
 * command alone, and an ES module's named import of a missing export fails
 * before any code runs. Loaded with `node --import`, this registers a resolve
 * hook that gives the suite's files an `fs` with that one name added; on
 * Node 22 and newer it is Node's own.
 */
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
const SHIM = 'data:text/javascript,' + encodeURIComponent(\`
import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export const globSync = fs.globSync ?? (() => { throw new Error('this needs Node 22 or newer (fs.globSync)'); });
\`);
export async function resolve(specifier, context, next) {
  const fromSuite = /\\/node_modules\\/@modelcontextprotocol\\/conformance[^/]*\\//.test(context.parentURL ?? '');
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}
`),
);
