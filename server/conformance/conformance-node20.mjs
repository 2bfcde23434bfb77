/**
 * Lets the MCP conformance suite (0.2.x) run on Node 20, the project's floor.
 * The suite's bundle imports `globSync` from `fs` (Node 22+) for its `tier-check`
 * command alone, and an ES module's named import of a missing export fails
 * before any code runs. The resolve hook below gives the suite's files an `fs`
 * with that one name added; on Node 22 and newer it is Node's own. One text for
 * every place the suite is started: `conformance-server` hands NODE20_IMPORT to
 * the suite's Node with `--import`; the tests' runs of the client suite load
 * e2e/support/conformance-node20.mjs, which registers NODE20_HOOK.
 */
export const NODE20_HOOK = `
const SHIM = 'data:text/javascript,' + encodeURIComponent(\`
import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export const globSync = fs.globSync ?? (() => { throw new Error('this needs Node 22 or newer (fs.globSync)'); });
\`);
export async function resolve(specifier, context, next) {
  const fromSuite = /\\/@modelcontextprotocol\\/conformance[^/]*\\//.test(context.parentURL ?? '');
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}`;

/** A `--import` value that registers NODE20_HOOK: a data: URL, so an installed package needs no file of its own for it. */
export const NODE20_IMPORT = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(NODE20_HOOK)}`)});`)}`;
